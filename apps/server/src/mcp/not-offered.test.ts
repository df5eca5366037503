import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { mcpMethodNotOffered } from "./not-offered.js";

describe("mcpMethodNotOffered", () => {
  it("answers 405 with Allow: POST and a JSON-RPC error", async () => {
    const app = new Hono().get("/mcp", mcpMethodNotOffered).delete("/mcp", mcpMethodNotOffered);
    for (const method of ["GET", "DELETE"]) {
      const res = await app.request("/mcp", { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toEqual({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed." },
        id: null,
      });
    }
  });
});
