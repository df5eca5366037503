import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { version } from "../../../version.js";
import { artifactOutput, artifactResult } from "../../artifact-output.js";
import { docsLibrary } from "./docs-library.js";

const output = artifactOutput(z.object({ title: z.string(), content: z.string() }), {
  type: "markdown",
});

/** release_notes: what this running release contains, as markdown. */
export function registerReleaseNotes(server: McpServer): void {
  server.registerTool(
    "release_notes",
    {
      title: "Release notes",
      description: "Summarises the running release: version, features and documentation pages.",
      inputSchema: {},
      outputSchema: output,
    },
    () => {
      const title = `A2A Chat ${version}`;
      const pages = docsLibrary()
        .pages.map((p) => `- **${p.title}** (\`docs/${p.file}\`): ${p.description}`)
        .join("\n");
      const content = `# ${title}

## Features

- Conversations with agents over A2A (protocol 1.0, with 0.3 compatibility), streamed replies and tasks.
- Structured artifacts: tables, charts, code, trees, forms, dashboards, presentation cards, markdown and JSON.
- Built-in MCP servers \`analytics\` and \`product\` over streamable HTTP, listed at \`/api/v1/mcp/registry\`.
- Anonymous sessions that can become passkey accounts; SQLite by default, PostgreSQL for replicas.

## Documentation

${pages || "- (documentation not found next to this server)"}
`;
      return artifactResult({ title, content });
    },
  );
}
