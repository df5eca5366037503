import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

const languages = ["typescript", "python", "bash"] as const;
type Language = (typeof languages)[number];

/** How to list this product's tool servers and call a tool, in three languages. */
const samples: Record<
  Language,
  { filename: string; description: string; code: (origin: string) => string }
> = {
  typescript: {
    filename: "call-tool.ts",
    description: "Calling the analytics server's query_orders tool (typescript).",
    code: (origin) => `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const origin = "${origin}";
const session = await fetch(\`\${origin}/api/v1/core/oauth/session\`, { method: "POST" });
const { access_token } = await session.json();

const transport = new StreamableHTTPClientTransport(new URL(\`\${origin}/api/v1/mcp/analytics/mcp\`), {
  requestInit: { headers: { Authorization: \`Bearer \${access_token}\` } },
});
const client = new Client({ name: "example", version: "1.0.0" });
await client.connect(transport);
const result = await client.callTool({ name: "query_orders", arguments: { region: "europe", limit: 5 } });
console.log(result.structuredContent);
await client.close();
`,
  },
  python: {
    filename: "call_tool.py",
    description: "Calling the analytics server's query_orders tool (python).",
    code: (origin) => `import asyncio
import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client

ORIGIN = "${origin}"

async def main() -> None:
    token = httpx.post(f"{ORIGIN}/api/v1/core/oauth/session").json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with streamablehttp_client(f"{ORIGIN}/api/v1/mcp/analytics/mcp", headers=headers) as (read, write, _):
        async with ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("query_orders", {"region": "europe", "limit": 5})
            print(result.structuredContent)

asyncio.run(main())
`,
  },
  bash: {
    filename: "registry.sh",
    description:
      "Listing the tool servers, then calling the analytics server's list_regions tool (bash).",
    code: (origin) => `#!/usr/bin/env bash
set -euo pipefail
ORIGIN="${origin}"
# The registry needs no token.
curl -s "$ORIGIN/api/v1/mcp/registry" | jq '.data[] | {name, endpoint, status}'
TOKEN=$(curl -s -X POST "$ORIGIN/api/v1/core/oauth/session" | jq -r .access_token)
curl -s "$ORIGIN/api/v1/mcp/analytics/mcp" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Accept: application/json, text/event-stream" \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_regions","arguments":{}}}'
`,
  },
};

const output = artifactOutput(
  z.object({
    code: z.string(),
    language: z.string(),
    filename: z.string(),
    description: z.string(),
  }),
  { type: "code", hints: { language: "typescript", line_numbers: true } },
);

/** code_sample: how to call this product's MCP servers, in TypeScript, Python or bash. */
export function registerCodeSample(server: McpServer, origin: string): void {
  server.registerTool(
    "code_sample",
    {
      title: "Code sample",
      description: "Shows how to call this product's MCP tools from TypeScript, Python or bash.",
      inputSchema: { language: z.enum(languages).default("typescript") },
      outputSchema: output,
    },
    ({ language }) => {
      const sample = samples[language];
      return artifactResult(
        {
          code: sample.code(origin),
          language,
          filename: sample.filename,
          description: sample.description,
        },
        { hints: { language, line_numbers: true } },
      );
    },
  );
}
