import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteFileName } from "./db/database.js";
import { securityHeaderList } from "./http/middleware/security-headers.js";
import { type RunningServer, startServer } from "./server.js";
import { testConfig } from "./test/config.js";

/** Sends a raw HTTP request and resolves with the full raw response text. */
function rawRequest(port: number, head: string, body?: { text: string; afterMs: number }) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (chunk) => {
      response += chunk.toString();
    });
    socket.on("end", () => resolve(response));
    socket.on("close", () => resolve(response));
    socket.on("error", reject);
    socket.write(head);
    if (body) setTimeout(() => socket.write(body.text), body.afterMs);
  });
}

describe("startServer", () => {
  let dataDir: string | undefined;
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(shutdownTimeoutMs = 5000): Promise<RunningServer> {
    dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-server-"));
    const config = testConfig({
      server: { port: 0, shutdownTimeoutMs, webDir: join(dataDir, "no-web") },
      database: { dataDir },
    });
    running = await startServer(config, pino({ level: "silent" }));
    return running;
  }

  it("migrates SQLite in the data dir and answers over HTTP", async () => {
    const server = await start();
    expect(existsSync(join(dataDir ?? "", sqliteFileName))).toBe(true);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ database: { dialect: "sqlite" } });
  });

  it("sends every security header over the socket: replies, errors, refusals and shared keys", async () => {
    const server = await start();
    const base = `http://127.0.0.1:${server.port}`;
    const cases: [string, number, boolean][] = [
      ["/api/v1/health", 200, false],
      ["/api/v1/no-such-route", 404, false],
      ["/api/v1/core/me", 401, false],
      ["/.well-known/jwks.json", 200, true],
    ];
    for (const [path, status, crossOrigin] of cases) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(status);
      for (const [name, value] of securityHeaderList({ https: false, crossOrigin, set: "api" })) {
        expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
      }
      expect(res.headers.get("strict-transport-security")).toBeNull();
      await res.body?.cancel();
    }
  });

  it("sends API replies the short set and pages the document set, exactly", async () => {
    const server = await start();
    const base = `http://127.0.0.1:${server.port}`;
    const session = await fetch(`${base}/api/v1/core/oauth/session`, { method: "POST" });
    const { access_token } = (await session.json()) as { access_token: string };
    const list = await fetch(`${base}/api/v1/core/contexts`, {
      headers: { authorization: `Bearer ${access_token}`, "accept-encoding": "identity" },
    });
    await list.body?.cancel();
    const headersOf = (res: Response) =>
      Object.fromEntries(
        [...res.headers].filter(([name]) => !["date", "x-trace-id"].includes(name)),
      );
    expect(headersOf(list)).toEqual({
      "cross-origin-resource-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "cache-control": "no-store",
      "content-type": "application/json",
      "content-length": "2",
      connection: "keep-alive",
      "keep-alive": "timeout=65",
      // The per-user API limit (on in this configuration) tells the caller where it stands.
      "ratelimit-limit": "600",
      "ratelimit-remaining": "599",
    });
    const page = await fetch(`${base}/no-such-page`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(page.status).toBe(404);
    await page.body?.cancel();
    expect(headersOf(page)).toEqual({
      "cross-origin-resource-policy": "same-origin",
      "cross-origin-opener-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "DENY",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
      "content-security-policy":
        "default-src 'self'; script-src 'self'; worker-src 'self'; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
        "media-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      "content-type": "text/plain; charset=UTF-8",
      "content-length": "9",
      vary: "Accept-Encoding",
      connection: "keep-alive",
      "keep-alive": "timeout=65",
    });
  });

  it("applies KEEP_ALIVE_TIMEOUT_MS to its connections, as Keep-Alive announces", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-server-"));
    const config = testConfig({
      server: { port: 0, keepAliveTimeoutMs: 3000, webDir: join(dataDir, "no-web") },
      database: { dataDir },
    });
    running = await startServer(config, pino({ level: "silent" }));
    // Node announces the timeout it applies (in whole seconds); the default is in the test above.
    const res = await fetch(`http://127.0.0.1:${running.port}/api/v1/health`);
    await res.body?.cancel();
    expect(res.headers.get("keep-alive")).toBe("timeout=3");
  });

  it("sends the trace id and no-store over the socket as in process", async () => {
    const server = await start();
    const base = `http://127.0.0.1:${server.port}`;
    const session = await fetch(`${base}/api/v1/core/oauth/session`, { method: "POST" });
    const { access_token } = (await session.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const list = await fetch(`${base}/api/v1/core/contexts`, {
      headers: { ...auth, "x-trace-id": "trace-abc_123" },
    });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    expect(list.headers.get("x-trace-id")).toBe("trace-abc_123");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.headers.get("content-type")).toContain("application/json");
    for (const trace of [undefined, "x".repeat(129), "bad id"]) {
      const res = await fetch(`${base}/api/v1/health`, {
        headers: trace === undefined ? {} : { "x-trace-id": trace },
      });
      expect(res.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      await res.body?.cancel();
    }
    const card = "/api/v1/agents/assistant/.well-known/agent-card.json";
    const publicCard = await fetch(`${base}${card}`);
    expect(publicCard.headers.get("cache-control")).toBe("no-cache");
    const ownCard = await fetch(`${base}${card}`, { headers: auth });
    expect(ownCard.headers.get("cache-control")).toBe("no-store");
    const refused = await fetch(`${base}/api/v1/core/contexts`, {
      headers: { authorization: "Bearer nonsense" },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const res of [publicCard, ownCard, refused]) await res.body?.cancel();
  });

  it("keeps its signing key across restarts, so issued tokens stay valid", async () => {
    const first = await start();
    const session = await fetch(`http://127.0.0.1:${first.port}/api/v1/core/oauth/session`, {
      method: "POST",
    });
    const { access_token } = (await session.json()) as { access_token: string };
    expect(existsSync(join(dataDir ?? "", "jwt-signing-key.json"))).toBe(true);
    await first.close();

    const config = testConfig({
      server: { port: 0, webDir: join(dataDir ?? "", "no-web") },
      database: { dataDir },
    });
    running = await startServer(config, pino({ level: "silent" }));
    const me = await fetch(`http://127.0.0.1:${running.port}/api/v1/core/me`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.status).toBe(200);
  });

  it("lets an in-flight request finish on close, then refuses new connections", async () => {
    const server = await start();
    const { port } = server;
    // A request whose body arrives after shutdown began: it must still be answered.
    const pending = rawRequest(
      port,
      "POST /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n",
      { text: "{}", afterMs: 300 },
    );
    await new Promise((r) => setTimeout(r, 100));
    const closed = server.close();
    const response = await pending;
    await closed;
    running = undefined;
    // The route does not take POST, so the full answer is the JSON 404 envelope.
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain('"error":"not_found"');
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    // A cleanly closed SQLite database checkpoints and removes its write-ahead log.
    expect(existsSync(join(dataDir ?? "", `${sqliteFileName}-wal`))).toBe(false);
  });

  it("ends live streams on close instead of waiting for them", async () => {
    const server = await start(10_000);
    const base = `http://127.0.0.1:${server.port}`;
    const session = await fetch(`${base}/api/v1/core/oauth/session`, { method: "POST" });
    const { access_token } = (await session.json()) as { access_token: string };
    const stream = await fetch(`${base}/api/v1/stream/contexts`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const reader = stream.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    const started = Date.now();
    await server.close();
    running = undefined;
    expect(Date.now() - started).toBeLessThan(3000);
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true }));
      if (!chunk || chunk.done) break;
    }
  });

  it("cuts requests that outlive the shutdown timeout", async () => {
    const server = await start(200);
    const started = Date.now();
    // A public write, whose body is read (a protected path without a token reads none).
    const pending = rawRequest(
      server.port,
      "POST /api/v1/blog/events/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n",
    );
    await new Promise((r) => setTimeout(r, 50));
    await server.close();
    running = undefined;
    expect(await pending).toBe("");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
