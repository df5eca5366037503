import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess } from "../test/server-process.js";

describe("METRICS_PORT on a server process", () => {
  let server: ServerProcess;
  let metricsUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-metrics-"));

  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      METRICS_PORT: String(port),
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the metrics on their own port only, counting the main port's requests", async () => {
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    // Not on the main port (no token there): the API's not-found, not the metrics.
    const main = await fetch(`${server.url}/metrics`);
    expect(await main.text()).not.toContain("a2a_http_requests_total");

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(
      'a2a_http_requests_total{method="GET",route="/api/v1/health/ready",status="200"} 1',
    );
    // The plain health check is answered before Hono and counted under its path.
    expect(text).toMatch(
      /a2a_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} [1-9]/,
    );
    expect(text).toContain("process_resident_memory_bytes");
  });
});
