import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, type Metrics } from "./metrics.js";
import { type MetricsServer, startMetricsServer } from "./metrics-server.js";

describe("the metrics port", () => {
  let metrics: Metrics | undefined;
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    metrics?.stop();
  });

  const start = async (token?: string) => {
    metrics = createMetrics(await import("prom-client"), {
      streamsOpen: () => 3,
      turnsRunning: () => 0,
      serverNames: new Set(),
    });
    metrics.observeRequest("GET", "/api/v1/core/contexts", 200, 0.01);
    server = await startMetricsServer(
      metrics,
      { host: "127.0.0.1", port: 0, ...(token ? { token } : {}) },
      pino({ level: "silent" }),
    );
    return `http://127.0.0.1:${server.port}`;
  };

  it("serves /metrics alone, without a token when none is set", async () => {
    const url = await start();
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("a2a_streams_open 3");
    expect(text).toContain(
      'a2a_http_requests_total{method="GET",route="/api/v1/core/contexts",status="200"} 1',
    );
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(404);
  });

  it("asks for the token when one is set", async () => {
    const url = await start("port-token-0123456789abcdef");
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const ok = await fetch(`${url}/metrics`, {
      headers: { authorization: "Bearer port-token-0123456789abcdef" },
    });
    expect(ok.status).toBe(200);
  });
});
