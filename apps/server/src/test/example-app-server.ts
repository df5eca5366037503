import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "./server-process.js";

const require = createRequire(import.meta.url);

/** The MCP Apps example servers published on npm (devDependencies), run over streamable HTTP. */
export type ExampleAppPackage =
  | "@modelcontextprotocol/server-basic-vanillajs"
  | "@modelcontextprotocol/server-system-monitor"
  | "@modelcontextprotocol/server-budget-allocator";

/** One running example server. */
export interface ExampleAppServer {
  /** Its streamable-HTTP endpoint, http://127.0.0.1:{PORT}/mcp. */
  url: string;
  stop(): Promise<void>;
}

/** Starts an example server as its package's bin runs it, on a free PORT. */
export async function startExampleAppServer(name: ExampleAppPackage): Promise<ExampleAppServer> {
  // The package exports only its server module (dist/server.js); its bin sits beside it.
  const bin = join(dirname(require.resolve(name)), "index.js");
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [bin], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 20_000;
  while (!output.includes("listening")) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
