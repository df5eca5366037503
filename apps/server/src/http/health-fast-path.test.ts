import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { pino } from "pino";
import { afterEach, expect, it } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { testSigningKey } from "../test/app.js";
import { testConfig } from "../test/config.js";
import { describeEachDialect } from "../test/databases.js";
import { httpWithFastPath } from "../test/http-with-fast-path.js";
import { createHttp } from "./app.js";
import { listenerWithFastPath } from "./health-fast-path.js";
import { createServices } from "./services.js";

/** Headers that differ from one reply to the next whoever answers. */
const perReply = new Set(["x-trace-id", "date", "ratelimit-remaining", "keep-alive", "connection"]);

function comparable(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) if (!perReply.has(name)) headers[name] = value;
  return headers;
}

describeEachDialect("GET /api/v1/health answered before Hono", (get) => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** The server as main.ts runs it, on a free port; counts the requests the fast path took. */
  async function serve(config: ConfigInput = {}, logLines?: string[]) {
    const database = get();
    const { app, fastPath } = httpWithFastPath(database, config, logLines);
    const taken = { count: 0 };
    const counting: typeof fastPath = (req, res) => {
      const answered = fastPath(req, res);
      if (answered) taken.count += 1;
      return answered;
    };
    const started = createServer(listenerWithFastPath(counting, getRequestListener(app.fetch)));
    server = started;
    await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
    return { url, taken };
  }

  it("sends what the route through Hono sends: status, body, security and cache headers", async () => {
    const { url, taken } = await serve();
    const fast = await fetch(`${url}/api/v1/health`);
    // A query string is left to Hono, which answers the same route.
    const routed = await fetch(`${url}/api/v1/health?from=hono`);
    expect(taken.count).toBe(1);
    expect(fast.status).toBe(200);
    expect(comparable(fast)).toEqual(comparable(routed));
    expect(fast.headers.get("cache-control")).toBe("no-store");
    expect(fast.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const body = (await fast.json()) as { uptime_seconds: number };
    const other = (await routed.json()) as { uptime_seconds: number };
    expect({ ...body, uptime_seconds: 0 }).toEqual({ ...other, uptime_seconds: 0 });
    expect(body).toMatchObject({ status: "ok", database: { status: "ok" } });
  });

  it("keeps a safe incoming trace id, replaces an unsafe one, and writes the access line", async () => {
    const lines: string[] = [];
    const { url, taken } = await serve({}, lines);
    const kept = await fetch(`${url}/api/v1/health`, { headers: { "x-trace-id": "probe-42" } });
    expect(kept.headers.get("x-trace-id")).toBe("probe-42");
    const replaced = await fetch(`${url}/api/v1/health`, { headers: { "x-trace-id": "a b" } });
    expect(replaced.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(taken.count).toBe(2);
    const access = lines.map((line) => JSON.parse(line)).find((line) => line.reqId === "probe-42");
    expect(access).toMatchObject({ method: "GET", path: "/api/v1/health", status: 200 });
  });

  it("leaves HEAD and requests carrying a token to Hono", async () => {
    const { url, taken } = await serve();
    expect((await fetch(`${url}/api/v1/health`, { method: "HEAD" })).status).toBe(200);
    const withToken = await fetch(`${url}/api/v1/health`, {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(withToken.status).toBe(200);
    expect(taken.count).toBe(0);
  });

  it("counts against the per-IP public limit shared with Hono's API, 429 past it", async () => {
    const { url, taken } = await serve({
      // A day-long window: a test never straddles a window boundary.
      rateLimit: { publicRequestsPerIp: 3, windowSeconds: 86_400 },
    });
    const first = await fetch(`${url}/api/v1/health`);
    expect(first.headers.get("ratelimit-limit")).toBe("3");
    expect(first.headers.get("ratelimit-remaining")).toBe("2");
    // A public request through Hono counts in the same window.
    expect((await fetch(`${url}/api/v1/mcp/registry`)).status).toBe(200);
    expect((await fetch(`${url}/api/v1/health`)).headers.get("ratelimit-remaining")).toBe("0");
    const limited = await fetch(`${url}/api/v1/health`);
    expect(taken.count).toBe(3);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: "rate_limited",
      message: "Rate limit exceeded. Please wait a moment and try again.",
    });
    // And Hono's API sees the fast path's hits: the next public request is refused too.
    expect((await fetch(`${url}/api/v1/mcp/registry`)).status).toBe(429);
  });
});

describeEachDialect("GET /api/v1/health before Hono, database gone", (get) => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it("answers 503 degraded on the next check once the database is closed", async () => {
    const database = get();
    const config = testConfig({ database: database.config, server: { healthTimeoutMs: 5000 } });
    const logger = pino({ level: "silent" });
    const services = createServices(config, database.db, testSigningKey, logger);
    const { app, fastPath } = createHttp({
      config,
      db: database.db,
      logger,
      signingKey: testSigningKey,
      services,
    });
    const started = createServer(listenerWithFastPath(fastPath, getRequestListener(app.fetch)));
    server = started;
    await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(started.address() as AddressInfo).port}/api/v1/health`;
    expect((await fetch(url)).status).toBe(200);
    await services.hub.close();
    await database.db.close();
    const res = await fetch(url);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "degraded",
      database: { status: "unavailable" },
    });
  });
});
