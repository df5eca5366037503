import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = join(repoRoot, "apps/server/dist/main.js");
const webIndex = join(repoRoot, "apps/web/dist/index.html");

/** A running built server on a free port with its own temporary data dir. */
export interface E2eServer {
  url: string;
  pid: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node apps/server/dist/main.js` exactly as `npm start` would run it. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<E2eServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error("The app is not built: run `npm run build` before the e2e tests.");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-e2e-"));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const port = await waitForPort(child, () => output);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within 20 s:\n${output()}`));
    }, 20_000);
    const onData = () => {
      for (const line of output().split("\n")) {
        if (!line.includes('"msg":"listening"')) continue;
        const { port } = JSON.parse(line) as { port: number };
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        resolve(port);
        return;
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output()}`));
    });
  });
}
