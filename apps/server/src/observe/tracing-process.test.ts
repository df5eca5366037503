import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { moduleLog } from "../test/module-log.js";
import { startOtlpReceiver } from "../test/otlp-receiver.js";
import { startServerProcess } from "../test/server-process.js";

/**
 * A server process without OTEL_EXPORTER_OTLP_ENDPOINT loads none of OpenTelemetry, not even the
 * API: a module resolve hook (registered before the server starts, test/module-log.ts) lists
 * every module the process loads.
 */

const dir = mkdtempSync(join(tmpdir(), "a2a-chat-tracing-"));

// The packages tracing-sdk.ts imports (what they require in turn is CommonJS, which Node 20's
// resolve hook does not see).
const sdkModules = [
  "@opentelemetry/api",
  "@opentelemetry/sdk-trace-node",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
  "@opentelemetry/core",
  "@opentelemetry/semantic-conventions",
];

/** Starts a server with the hook, makes a request, stops it; answers the modules it loaded. */
async function modulesLoaded(name: string, env: Record<string, string>): Promise<string> {
  const modules = moduleLog();
  const server = await startServerProcess(
    { DATA_DIR: join(dir, name), LOG_LEVEL: "warn", ...modules.env, ...env },
    { nodeArgs: modules.nodeArgs },
  );
  try {
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
    return modules.loaded();
  } finally {
    await server.kill();
    modules.remove();
  }
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("tracing's cost when off", () => {
  it("loads no OpenTelemetry SDK module without an endpoint, and loads them with one", async () => {
    const off = await modulesLoaded("off", {});
    // The hook saw the server's own modules and its dependencies' (the log is not empty).
    expect(off).toContain("/node_modules/@a2a-js/sdk/");
    for (const name of sdkModules) expect(off).not.toContain(`/node_modules/${name}/`);

    const receiver = await startOtlpReceiver();
    try {
      const on = await modulesLoaded("on", { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.origin });
      for (const name of sdkModules) expect(on).toContain(`/node_modules/${name}/`);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
