import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tokenReplySchema } from "@a2a-chat/contracts";
import { getRequestListener } from "@hono/node-server";
import { afterEach, expect, it } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { describeEachDialect } from "../test/databases.js";
import { httpWithFastPath } from "../test/http-with-fast-path.js";
import { listenerWithFastPath } from "./health-fast-path.js";

/** Headers that differ from one reply to the next whoever answers. */
const perReply = new Set(["x-trace-id", "date", "ratelimit-remaining", "keep-alive", "connection"]);

function comparable(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) if (!perReply.has(name)) headers[name] = value;
  return headers;
}

describeEachDialect(
  "authenticated reads answered before Hono",
  (get, dialect) => {
    const servers: Server[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    /**
     * The app as main.ts serves it on a free port, and the same app without the reads' fast path
     * (Hono answers everything but /health): what a fast reply must equal.
     */
    async function serve(config: ConfigInput = {}, logLines?: string[]) {
      const database = get();
      const { app, fastPath } = httpWithFastPath(database, config, logLines);
      const taken = { count: 0 };
      const listen = async (withFastPath: boolean) => {
        const listener = getRequestListener(app.fetch);
        const server = createServer(
          listenerWithFastPath((req, res) => {
            if (!withFastPath || req.url === "/api/v1/health") return false;
            const answered = fastPath(req, res);
            if (answered) taken.count += 1;
            return answered;
          }, listener),
        );
        servers.push(server);
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      };
      return { fast: await listen(true), routed: await listen(false), taken, db: database.db };
    }

    async function session(url: string): Promise<string> {
      const res = await fetch(`${url}/api/v1/core/oauth/session`, { method: "POST" });
      return tokenReplySchema.parse(await res.json()).access_token;
    }

    const list = (url: string, token: string, query = "", headers: Record<string, string> = {}) =>
      fetch(`${url}/api/v1/core/contexts${query}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });

    async function createContexts(url: string, token: string, names: string[]): Promise<void> {
      for (const name of names) {
        const res = await fetch(`${url}/api/v1/core/contexts`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ name }),
        });
        expect(res.status).toBe(201);
      }
    }

    it("sends the route's page, headers and Link once the token and session are known", async () => {
      const { fast, routed, taken } = await serve();
      const token = await session(fast);
      // A new token's first request verifies it through Hono; later ones may go past it (on
      // SQLite's single process, where the session is known active in memory).
      expect((await list(fast, token)).status).toBe(200);
      expect(taken.count).toBe(0);
      await createContexts(fast, token, ["one", "two", "three"]);
      const expected = dialect === "sqlite" ? 1 : 0;

      const quick = await list(fast, token, "?limit=2");
      const slow = await list(routed, token, "?limit=2");
      expect(taken.count).toBe(expected);
      expect(quick.status).toBe(200);
      expect(comparable(quick)).toEqual(comparable(slow));
      expect(quick.headers.get("cache-control")).toBe("no-store");
      expect(quick.headers.get("link")).toMatch(
        /^<\/api\/v1\/core\/contexts\?limit=2&cursor=.+>; rel="next"$/,
      );
      const page = (await quick.json()) as { name: string }[];
      expect(page.map((context) => context.name)).toEqual(["three", "two"]);
      expect(await slow.json()).toEqual(page);

      // The next page, by the cursor the fast reply handed out.
      const next = quick.headers.get("link")?.match(/^<([^>]+)>/)?.[1] ?? "";
      const rest = await fetch(`${fast}${next}`, { headers: { authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(200);
      expect(((await rest.json()) as { name: string }[]).map((context) => context.name)).toEqual([
        "one",
      ]);
      expect(taken.count).toBe(2 * expected);
    });

    it("leaves a bad query, a NUL or another method to the route; a bad cursor gets its 400", async () => {
      const { fast, routed, taken } = await serve();
      const token = await session(fast);
      expect((await list(fast, token)).status).toBe(200);
      const bad = await list(fast, token, "?limit=0");
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe("validation_failed");
      expect(taken.count).toBe(0);
      // A well-formed query whose cursor is not ours: the read's own refusal, mapped as the route's.
      const cursor = await list(fast, token, "?cursor=nonsense");
      const routedCursor = await list(routed, token, "?cursor=nonsense");
      expect(taken.count).toBe(dialect === "sqlite" ? 1 : 0);
      expect(cursor.status).toBe(400);
      expect(comparable(cursor)).toEqual(comparable(routedCursor));
      expect(await cursor.json()).toEqual({
        error: "validation_failed",
        message: "cursor is not one this server returned",
      });
      taken.count = 0;
      const nul = await list(fast, token, "?cursor=%00");
      expect(nul.status).toBe(400);
      expect(await nul.json()).toEqual({
        error: "validation_failed",
        message: "Text must not contain NUL characters",
      });
      const created = await fetch(`${fast}/api/v1/core/contexts`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "posted" }),
      });
      expect(created.status).toBe(201);
      expect(taken.count).toBe(0);
    });

    it("refuses nothing itself: an unknown token, a revoked session and no token go to the route's 401", async () => {
      const { fast, taken } = await serve();
      const token = await session(fast);
      expect((await list(fast, token)).status).toBe(200);
      expect((await list(fast, token)).status).toBe(200);
      const before = taken.count;
      const revoke = await fetch(`${fast}/api/v1/core/oauth/revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(revoke.status).toBe(204);
      for (const res of [
        await list(fast, token),
        await list(fast, `${token.slice(0, -4)}AAAA`),
        await fetch(`${fast}/api/v1/core/contexts`),
      ]) {
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({
          error: "unauthorized",
          message: "Invalid or expired JWT token",
        });
      }
      expect(taken.count).toBe(before);
    });

    it("counts against the per-user limit shared with every other API call, 429 past it", async () => {
      const { fast, routed, taken } = await serve({
        // A day-long window: a test never straddles a window boundary.
        rateLimit: { apiRequestsPerUser: 4, windowSeconds: 86_400 },
      });
      const token = await session(fast);
      expect((await list(fast, token)).headers.get("ratelimit-remaining")).toBe("3");
      const counted = await list(fast, token);
      expect(counted.headers.get("ratelimit-limit")).toBe("4");
      expect(counted.headers.get("ratelimit-remaining")).toBe("2");
      // Another route through Hono counts in the same window.
      expect(
        (await fetch(`${routed}/api/v1/core/me`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(200);
      expect((await list(fast, token)).headers.get("ratelimit-remaining")).toBe("0");
      const limited = await list(fast, token);
      const routedLimited = await list(routed, token);
      expect(taken.count).toBe(dialect === "sqlite" ? 3 : 0);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(comparable(limited)).toEqual({
        ...comparable(routedLimited),
        "retry-after": limited.headers.get("retry-after") ?? "",
      });
      expect(await limited.json()).toEqual({
        error: "rate_limited",
        message: "Rate limit exceeded. Please wait a moment and try again.",
      });
    });

    it("compresses a large page as the route does, and keeps the trace id and access line", async () => {
      const lines: string[] = [];
      const { fast, routed, taken } = await serve({}, lines);
      const token = await session(fast);
      await createContexts(
        fast,
        token,
        Array.from({ length: 12 }, (_, i) => `conversation number ${i} ${"x".repeat(60)}`),
      );
      const gzip = { "accept-encoding": "gzip, deflate", "x-trace-id": "probe-7" };
      const quick = await list(fast, token, "", gzip);
      const slow = await list(routed, token, "", gzip);
      expect(taken.count).toBe(dialect === "sqlite" ? 1 : 0);
      expect(quick.headers.get("x-trace-id")).toBe("probe-7");
      expect(quick.headers.get("vary")).toBe("Accept-Encoding");
      expect(slow.headers.get("vary")).toBe("Accept-Encoding");
      // fetch decompresses; the encoding header stays.
      expect(quick.headers.get("content-encoding")).toBe("gzip");
      expect(await quick.json()).toEqual(await slow.json());
      const access = lines.map((line) => JSON.parse(line)).find((line) => line.reqId === "probe-7");
      expect(access).toMatchObject({ method: "GET", path: "/api/v1/core/contexts", status: 200 });
      // Small pages, or a client that takes no encoding, go out as they are.
      const plain = await list(fast, token, "?limit=1", { "accept-encoding": "gzip" });
      expect(plain.headers.get("content-encoding")).toBeNull();
    });

    it("answers a read that fails as the route does (the same status and envelope)", async () => {
      const { fast, routed, taken, db } = await serve();
      const token = await session(fast);
      expect((await list(fast, token)).status).toBe(200);
      const count = taken.count;
      // The token and session stay known in memory; the read itself meets the closed database.
      await db.close();
      const quick = await list(fast, token);
      expect(taken.count).toBe(dialect === "sqlite" ? count + 1 : count);
      const slow = await list(routed, token);
      expect(quick.status).toBe(500);
      expect(comparable(quick)).toEqual(comparable(slow));
      expect(await quick.json()).toEqual({
        error: "internal_error",
        message: "Internal server error",
      });
      expect(await slow.json()).toEqual({
        error: "internal_error",
        message: "Internal server error",
      });
    });

    it("answers who the caller is as GET /api/v1/core/me does", async () => {
      const { fast, routed, taken } = await serve();
      const token = await session(fast);
      const me = (url: string, query = "") =>
        fetch(`${url}/api/v1/core/me${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await me(fast)).status).toBe(200);
      const quick = await me(fast);
      const slow = await me(routed);
      // The route reads no query: one is ignored alike.
      const queried = await me(fast, "?x=1");
      expect(taken.count).toBe(dialect === "sqlite" ? 2 : 0);
      expect(comparable(quick)).toEqual(comparable(slow));
      expect(quick.headers.get("cache-control")).toBe("no-store");
      const body = await quick.json();
      expect(body).toEqual(await slow.json());
      expect(await queried.json()).toEqual(body);
      expect(body).toMatchObject({ session_id: expect.any(String), scopes: expect.any(Array) });
    });
  },
  { per: "test" },
);
