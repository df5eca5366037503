import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess } from "../../apps/server/src/test/server-process.js";

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

/**
 * Starts `node apps/server/dist/main.js` exactly as `npm start` would run it (`nodeArgs` go
 * before the script, e.g. `--cpu-prof` for a bench).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<E2eServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error("The app is not built: run `npm run build` before the e2e tests.");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-e2e-"));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    { built: true, cwd: repoRoot, nodeArgs },
  );
  return {
    url: server.url,
    pid: server.pid,
    dataDir,
    output: server.output,
    stop: async () => {
      await server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
