import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startOtlpReceiver } from "../test/otlp-receiver.js";
import { startServerProcess } from "../test/server-process.js";

/**
 * A server process without OTEL_EXPORTER_OTLP_ENDPOINT loads none of the OpenTelemetry SDK:
 * a module resolve hook (registered before the server starts) writes every module the process
 * loads to a file. `@opentelemetry/api` is left out: the AI SDK imports it either way.
 */

const dir = mkdtempSync(join(tmpdir(), "a2a-chat-tracing-"));
const hooks = join(dir, "hooks.mjs");
writeFileSync(
  hooks,
  `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.MODULE_LOG, resolved.url + "\\n");
  return resolved;
}
`,
);
const preload = join(dir, "preload.mjs");
writeFileSync(
  preload,
  `import { register } from "node:module";
import { pathToFileURL } from "node:url";
register(pathToFileURL(${JSON.stringify(hooks)}).href);
`,
);

// The packages tracing-sdk.ts imports (what they require in turn is CommonJS, which Node 20's
// resolve hook does not see).
const sdkModules = [
  "@opentelemetry/sdk-trace-node",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
  "@opentelemetry/core",
  "@opentelemetry/semantic-conventions",
];

/** Starts a server with the hook, makes a request, stops it; answers the modules it loaded. */
async function modulesLoaded(name: string, env: Record<string, string>): Promise<string> {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, "");
  const server = await startServerProcess(
    { DATA_DIR: join(dir, name), LOG_LEVEL: "warn", MODULE_LOG: log, ...env },
    { nodeArgs: ["--import", preload] },
  );
  try {
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
  } finally {
    await server.kill();
  }
  return readFileSync(log, "utf8");
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("tracing's cost when off", () => {
  it("loads no OpenTelemetry SDK module without an endpoint, and loads them with one", async () => {
    const off = await modulesLoaded("off", {});
    // The hook saw the server's own modules and its dependencies' (the log is not empty).
    expect(off).toContain("/node_modules/hono/");
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
