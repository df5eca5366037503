import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { UsersRepository } from "../../db/repositories/users.js";
import { describeEachDialect } from "../../test/databases.js";
import type { AppEnv } from "../env.js";
import { handleError } from "../errors.js";
import { jsonBody } from "./json-body.js";

const limit = 2048;

type Send = (app: Hono<AppEnv>, path: string, init?: RequestInit) => Promise<Response>;

/** Through a real Node server, as in production (@hono/node-server, body read from Node's request). */
const overNodeHttp: Send = async (app, path, init) => {
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
    // Read before the server closes; handed back as a plain Response.
    const text = await res.text();
    return new Response(text, { status: res.status, headers: res.headers });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
};

const transports: [string, Send][] = [
  ["app.request", (app, path, init) => Promise.resolve(app.request(path, init))],
  ["Node's HTTP server", overNodeHttp],
];

for (const [transport, send] of transports)
  describeEachDialect(`jsonBody guard over ${transport}`, (get) => {
    // A handler that writes a row for every request it sees, so a rejection is visible as "no
    // row": `written()` counts the rows since the app was made (the suite shares one database).
    async function appWithWriter() {
      const users = new UsersRepository(get().db.kysely);
      const before = await users.count();
      const app = new Hono<AppEnv>();
      app.use("/api/*", ...jsonBody(limit));
      app.post("/api/users", async (c) => {
        const body = c.var.body as { username?: string } | undefined;
        const user = await users.create({
          userType: "anon",
          username: body?.username ?? "Anonymous",
        });
        return c.json(user, 201);
      });
      app.onError(handleError);
      return { app, written: async () => (await users.count()) - before };
    }

    it("passes a valid JSON body to the handler", async () => {
      const { app, written } = await appWithWriter();
      const res = await send(app, "/api/users", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ username: "dora" }),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ username: "dora" });
      expect(await written()).toBe(1);
    });

    it("lets an empty body through as undefined", async () => {
      const { app, written } = await appWithWriter();
      const res = await send(app, "/api/users", { method: "POST" });
      expect(res.status).toBe(201);
      expect(await written()).toBe(1);
    });

    it("rejects malformed JSON with 400 and writes nothing", async () => {
      const { app, written } = await appWithWriter();
      const res = await send(app, "/api/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "invalid_json",
        message: "Request body is not valid JSON",
      });
      expect(await written()).toBe(0);
    });

    it("rejects a wrong content type with 415 and writes nothing", async () => {
      const { app, written } = await appWithWriter();
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
      ]) {
        const res = await send(app, "/api/users", {
          method: "POST",
          headers: { "content-type": type },
          body: "username=eve",
        });
        expect(res.status, type).toBe(415);
        expect(await res.json()).toEqual({
          error: "unsupported_media_type",
          message: "Content-Type must be application/json",
        });
      }
      expect(await written()).toBe(0);
    });

    it("rejects a body without a content type", async () => {
      const { app, written } = await appWithWriter();
      const res = await send(app, "/api/users", {
        method: "POST",
        body: new Blob(['{"a":1}']),
      });
      expect(res.status).toBe(415);
      expect(await written()).toBe(0);
    });

    it("treats an empty chunked body as no body", async () => {
      const { app, written } = await appWithWriter();
      // A stream body of unknown length goes chunked.
      const res = await send(app, "/api/users", {
        method: "POST",
        body: new ReadableStream({ start: (controller) => controller.close() }),
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(201);
      expect(await written()).toBe(1);
    });

    it("rejects an oversized body with 413 and writes nothing", async () => {
      const { app, written } = await appWithWriter();
      const res = await send(app, "/api/users", {
        method: "POST",
        // fetch declares the length itself; app.request's Request is told it.
        headers: {
          "content-type": "application/json",
          ...(transport === "app.request" ? { "content-length": String(limit + 100) } : {}),
        },
        body: JSON.stringify({ username: "x".repeat(limit + 80) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: "payload_too_large",
        message: `Request body is larger than the limit of ${limit} bytes`,
      });
      expect(await written()).toBe(0);
    });

    it("rejects an oversized streamed body without a length", async () => {
      const { app, written } = await appWithWriter();
      const chunk = new TextEncoder().encode(`"${"y".repeat(1000)}`);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
      const res = await send(app, "/api/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await written()).toBe(0);
    });
  });

describe("jsonBody guard under @hono/node-server", () => {
  /** An app whose handler reports what it saw of the request after the guard. */
  function reportingApp(after: (c: Context<AppEnv>) => unknown) {
    const app = new Hono<AppEnv>();
    app.use("/api/*", ...jsonBody(limit));
    app.post("/api/echo", async (c) => c.json({ body: c.var.body, after: await after(c) }));
    app.onError(handleError);
    return app;
  }
  const post = (body: string) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

  it("reads a JSON write from Node's request without building a web Request", async () => {
    // @hono/node-server keeps the web Request it builds under a symbol of the lightweight request.
    const built = (raw: Request) =>
      Object.getOwnPropertySymbols(raw).some(
        (symbol) =>
          symbol.description === "requestCache" &&
          (raw as unknown as Record<symbol, unknown>)[symbol] !== undefined,
      );
    const res = await overNodeHttp(
      reportingApp((c) => built(c.req.raw)),
      "/api/echo",
      post('{"a":1}'),
    );
    expect(await res.json()).toEqual({ body: { a: 1 }, after: false });
  });

  it("still gives the body to a web Request built after the guard", async () => {
    const res = await overNodeHttp(
      reportingApp((c) => c.req.raw.text()),
      "/api/echo",
      post('{"b":"été"}'),
    );
    expect(await res.json()).toEqual({ body: { b: "été" }, after: '{"b":"été"}' });
  });

  it("drops a leading byte order mark as a web Request's text() does", async () => {
    const res = await overNodeHttp(
      reportingApp(() => null),
      "/api/echo",
      post('\ufeff{"c":2}'),
    );
    expect(await res.json()).toEqual({ body: { c: 2 }, after: null });
  });
});
