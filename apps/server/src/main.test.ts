import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceEntry } from "./test/server-process.js";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));

/** Runs src/main.ts as a real process with the given env until it exits or is signalled. */
function runMain(env: Record<string, string>, signalAfterListening?: NodeJS.Signals) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, sourceEntry("main"), {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk.toString();
      if (signalAfterListening && stdout.includes('"msg":"listening"')) {
        // After the first WAL checkpoint (a second after the start) started its thread, which
        // the shutdown must wait for.
        const signal = signalAfterListening;
        setTimeout(() => child.kill(signal), 1500);
        signalAfterListening = undefined;
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString();
    });
    // 'close', not 'exit': the exit can be reported before the last output is read from the
    // pipes (under a full run's load the closing "shutdown complete" line was missed twice).
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the server process", () => {
  // Two processes that each compile src/main.ts through tsx: started side by side, and given
  // the time a loaded machine takes (the default 20 s was missed under a full run's load).
  it("refuses to start on a bad config value, naming the key, with a non-zero exit", {
    timeout: 60_000,
  }, async () => {
    const [missing, bad] = await Promise.all([
      runMain({ PORT: "eighty", CONFIG: "/nonexistent/none.yaml" }),
      runMain({ PORT: "eighty" }),
    ]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("Cannot read config file /nonexistent/none.yaml");
    expect(bad.code).toBe(78);
    expect(bad.stderr).toContain("server.port (env PORT)");
  });

  it.each(["SIGTERM", "SIGINT"] as const)("shuts down cleanly on %s", async (signal) => {
    const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-main-"));
    try {
      const { code, stdout } = await runMain(
        { PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIR: join(dataDir, "none") },
        signal,
      );
      expect(code).toBe(0);
      // The loopback default prints as localhost (passkeys work there, not on an IP address).
      expect(stdout).toMatch(/A2A Chat is running at http:\/\/localhost:\d+ {2}\(chat: /);
      expect(stdout).toContain('"msg":"shutdown complete"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
