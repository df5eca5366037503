import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "./server-process.js";

const require = createRequire(import.meta.url);

/** The reference MCP server @modelcontextprotocol/server-everything, in its own process. */
export interface EverythingProcess {
  /** Its endpoint: /mcp for streamable HTTP, /sse for the legacy SSE transport. */
  url: string;
  stop(): Promise<void>;
}

/** Starts server-everything on a free port, over streamable HTTP or the legacy SSE transport. */
export async function startEverything(
  mode: "streamableHttp" | "sse" = "streamableHttp",
): Promise<EverythingProcess> {
  const bin = join(
    dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
    "dist/index.js",
  );
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [bin, mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server-everything exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server-everything did not start:\n${output}`);
    // Any HTTP answer means it listens (an SSE GET answers at once; abort it).
    const probe = new AbortController();
    const answered = await fetch(`http://127.0.0.1:${port}/mcp`, { signal: probe.signal }).then(
      () => true,
      () => false,
    );
    probe.abort();
    if (answered) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
