import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressLarge } from "./compress-large.js";

function app(): Hono {
  const routes = new Hono();
  routes.use("*", compressLarge());
  routes.get("/small", (c) => c.json({ items: [] }));
  routes.get("/large", (c) => c.json({ text: "x".repeat(5000) }));
  routes.get("/page", (c) => c.html(`<p>${"y".repeat(5000)}</p>`));
  return routes;
}

const gzip = { "accept-encoding": "gzip" };

describe("compressLarge", () => {
  it("sends a small JSON body as it is, with its length", async () => {
    const res = await app().request("/small", { headers: gzip });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe("12");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ items: [] });
  });

  it("compresses a large JSON body and other large text", async () => {
    for (const path of ["/large", "/page"]) {
      const res = await app().request(path, { headers: gzip });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("content-length")).toBeNull();
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    }
    const res = await app().request("/large", { headers: gzip });
    const plain = res.body?.pipeThrough(new DecompressionStream("gzip"));
    const body = (await new Response(plain).json()) as { text: string };
    expect(body.text).toHaveLength(5000);
  });

  it("leaves everything alone for a client that accepts no encoding", async () => {
    const res = await app().request("/large");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { text: string }).text).toHaveLength(5000);
  });
});
