import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The environment variable naming the folder the server suite bundled src/ into. */
export const bundleDirVariable = "TEST_SERVER_BUNDLE_DIR";

const sources = {
  main: "src/main.ts",
  admin: "src/admin/admin-main.ts",
  backup: "src/backup/backup-main.ts",
} as const;

/**
 * The node arguments that run one of the server's commands from source: the server suite's
 * bundle of src/ when its global setup made one (test/global-setup.ts), else src/ through tsx.
 * Relative paths are from apps/server, the cwd the processes are started in.
 */
export function sourceEntry(command: keyof typeof sources): string[] {
  const bundle = process.env[bundleDirVariable];
  return bundle ? [join(bundle, `${command}.js`)] : ["--import", "tsx", sources[command]];
}

/** A server started as its own process from source, as a replica would be. */
export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The node options `npm start` runs the built server with (package.json's "start" script): young
 * generation semi-spaces of 2 MB instead of V8's 16 MB, about 10 MB less idle RSS
 * (docs/benchmarks/notes/idle-memory.md); and the old generation let grow to 1.3 times what a
 * full collection left instead of V8's own factor (up to 4), which under steady traffic let the
 * heap swell by 40-70 MB between collections (docs/benchmarks/notes/soak.md). The built server
 * started here gets them too.
 */
export const startNodeOptions = ["--max-semi-space-size=2", "--heap-growing-percent=30"];

/** Asks the OS for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Starts the server as its own process and waits until its health check answers: from source
 * by default (sourceEntry), or the built bundle (dist/main.js) as `npm start` runs it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  // A given PORT is kept (a restart on the same address), else a free one is picked. A picked
  // port is free only when asked: in a full run another process took one in the second before
  // the server bound it (EADDRINUSE), so a picked port that is taken by then is picked again.
  if (env.PORT) return startOnPort(env, Number(env.PORT), options);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPort(env, await freePort(), options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

interface StartOptions {
  built?: boolean;
  cwd?: string;
  nodeArgs?: string[];
}

/** The server could not listen: another process holds its port. */
class PortTaken extends Error {}

async function startOnPort(
  env: Record<string, string>,
  port: number,
  options: StartOptions,
): Promise<ServerProcess> {
  const entry = options.built
    ? [fileURLToPath(new URL("../../dist/main.js", import.meta.url))]
    : sourceEntry("main");
  // Node flags NODE_OPTIONS refuses (--cpu-prof) go before the entry; the given ones after
  // npm start's, so they can override them.
  const args = [...(options.built ? startNodeOptions : []), ...(options.nodeArgs ?? []), ...entry];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? serverRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `server exited early:\n${output}`;
      throw output.includes("EADDRINUSE") ? new PortTaken(message) : new Error(message);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    // Every 10 ms for the first two seconds (a quiet machine's start is about half a second, and
    // the start-up bench reads its time from here), every 100 ms after that.
    await new Promise((r) => setTimeout(r, Date.now() < deadline - 58_000 ? 10 : 100));
  }
  return {
    url,
    pid: child.pid ?? 0,
    child,
    output: () => output,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    },
  };
}
