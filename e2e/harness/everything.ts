import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "../../apps/server/src/test/server-process.js";

const require = createRequire(import.meta.url);

/** The reference MCP server @modelcontextprotocol/server-everything, on its own port. */
export interface EverythingServer {
  url: string;
  /** A config file listing it as the external MCP server "everything" (pass as CONFIG). */
  configPath: string;
  stop(): Promise<void>;
}

/** Starts server-everything over streamable HTTP and writes a config naming it. */
export async function startEverything(): Promise<EverythingServer> {
  const bin = join(
    dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist/index.js",
  );
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [bin, "streamableHttp"], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server-everything exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server-everything did not start:\n${output}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-everything-"));
  const configPath = join(dir, "config.yaml");
  writeFileSync(
    configPath,
    `mcp:\n  servers:\n    - { name: everything, url: "${url}", description: Reference server }\n`,
  );
  return {
    url,
    configPath,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
