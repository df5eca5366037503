import { Hono } from "hono";
import { expect, it } from "vitest";
import { UsersRepository } from "../../db/repositories/users.js";
import { describeEachDialect } from "../../test/databases.js";
import type { AppEnv } from "../env.js";
import { handleError } from "../errors.js";
import { jsonBody } from "./json-body.js";

const limit = 2048;

describeEachDialect(
  "jsonBody guard",
  (get) => {
    // A handler that writes a row for every request it sees, so a rejection is visible as "no row".
    function appWithWriter() {
      const users = new UsersRepository(get().db.kysely);
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
      return { app, users };
    }

    it("passes a valid JSON body to the handler", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request("/api/users", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ username: "dora" }),
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ username: "dora" });
      expect(await users.count()).toBe(1);
    });

    it("lets an empty body through as undefined", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request("/api/users", { method: "POST" });
      expect(res.status).toBe(201);
      expect(await users.count()).toBe(1);
    });

    it("rejects malformed JSON with 400 and writes nothing", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request("/api/users", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "invalid_json",
        message: "Request body is not valid JSON",
      });
      expect(await users.count()).toBe(0);
    });

    it("rejects a wrong content type with 415 and writes nothing", async () => {
      const { app, users } = appWithWriter();
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
      ]) {
        const res = await app.request("/api/users", {
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
      expect(await users.count()).toBe(0);
    });

    it("rejects a body without a content type", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request(
        new Request("http://x/api/users", { method: "POST", body: new Blob(['{"a":1}']) }),
      );
      expect(res.status).toBe(415);
      expect(await users.count()).toBe(0);
    });

    it("treats an empty chunked body as no body", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request(
        new Request("http://x/api/users", {
          method: "POST",
          headers: { "transfer-encoding": "chunked" },
          body: new ReadableStream({ start: (controller) => controller.close() }),
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status).toBe(201);
      expect(await users.count()).toBe(1);
    });

    it("rejects an oversized body with 413 and writes nothing", async () => {
      const { app, users } = appWithWriter();
      const res = await app.request("/api/users", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(limit + 100) },
        body: JSON.stringify({ username: "x".repeat(limit + 80) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: "payload_too_large",
        message: `Request body is larger than the limit of ${limit} bytes`,
      });
      expect(await users.count()).toBe(0);
    });

    it("rejects an oversized streamed body without a length", async () => {
      const { app, users } = appWithWriter();
      const chunk = new TextEncoder().encode(`"${"y".repeat(1000)}`);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
      const res = await app.request(
        new Request("http://x/api/users", {
          method: "POST",
          headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
          body: stream,
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status).toBe(413);
      expect(await users.count()).toBe(0);
    });
  },
  { per: "test" },
);
