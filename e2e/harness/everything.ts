import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEverything as startEverythingProcess } from "../../apps/server/src/test/everything.js";

/** The reference MCP server @modelcontextprotocol/server-everything, on its own port. */
export interface EverythingServer {
  url: string;
  /** A config file listing it as the external MCP server "everything" (pass as CONFIG). */
  configPath: string;
  stop(): Promise<void>;
}

/** Starts server-everything over streamable HTTP and writes a config naming it. */
export async function startEverything(): Promise<EverythingServer> {
  const server = await startEverythingProcess("streamableHttp");
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-everything-"));
  const configPath = join(dir, "config.yaml");
  writeFileSync(
    configPath,
    `mcp:\n  servers:\n    - { name: everything, url: "${server.url}", description: Reference server }\n`,
  );
  return {
    url: server.url,
    configPath,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
