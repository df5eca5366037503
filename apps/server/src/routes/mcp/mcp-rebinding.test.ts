import { expect, it } from "vitest";
import type { ConfigInput } from "../../config/schema.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { mcpClient } from "../../test/mcp.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };

describeEachDialect("MCP endpoints against DNS rebinding", (get) => {
  const setup = async (config?: ConfigInput) => {
    const app = createTestApp(get(), { config });
    const { access_token: token } = await anonymousSession(app);
    const call = (headers: Record<string, string>, method = "POST") =>
      app.request("http://localhost/api/v1/mcp/product/mcp", {
        method,
        headers: {
          ...bearer(token),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: method === "POST" ? JSON.stringify(listTools) : undefined,
      });
    return { app, token, call };
  };
  const refusal = (message: string) => ({
    jsonrpc: "2.0",
    error: { code: -32000, message },
    id: null,
  });

  it("refuses a Host that is not ours with 403, even with a valid token, for every method", async () => {
    const { call } = await setup({ server: { publicUrl: "https://chat.example.com" } });
    for (const method of ["POST", "GET", "DELETE"]) {
      const res = await call({ host: "rebind.attacker.test:8080" }, method);
      expect(res.status).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual(refusal("Invalid Host header: rebind.attacker.test:8080"));
    }
  });

  it("answers its public host, allowed hosts, localhost and IP addresses", async () => {
    const { call } = await setup({
      server: { publicUrl: "https://chat.example.com", allowedHosts: ["Intranet.corp"] },
    });
    for (const host of [
      "chat.example.com",
      "CHAT.example.com:443",
      "intranet.corp:8080",
      "localhost:8080",
      "127.0.0.1:8080",
      "[::1]:8080",
      "192.0.2.7",
    ]) {
      const res = await call({ host });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
    const other = await call({ host: "example.com" });
    expect(other.status).toBe(403);
  });

  it("refuses pages of other origins, and the opaque origin, with 403", async () => {
    const { call } = await setup({ server: { publicUrl: "https://chat.example.com" } });
    for (const origin of ["https://attacker.test", "http://localhost:3000", "null"]) {
      const res = await call({ host: "localhost:8080", origin });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(refusal(`Invalid Origin header: ${origin}`));
    }
    for (const [host, origin] of [
      ["localhost:8080", "http://localhost:8080"],
      ["chat.example.com", "https://chat.example.com"],
      // Behind a TLS-terminating proxy that keeps the Host: same host, other scheme.
      ["chat.example.com", "http://chat.example.com"],
      ["127.0.0.1:9000", "https://chat.example.com"],
    ] as const) {
      const res = await call({ host, origin });
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
    }
  });

  it("checks before authentication: a rebinding request learns nothing about tokens", async () => {
    const { app } = await setup();
    const res = await app.request("http://localhost/api/v1/mcp/analytics/mcp", {
      method: "POST",
      headers: { host: "attacker.test", "content-type": "application/json" },
      body: JSON.stringify(listTools),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(refusal("Invalid Host header: attacker.test"));
  });

  it("lets the official SDK client through from this origin", async () => {
    const { app, token } = await setup();
    const client = await mcpClient(app, "product", token, { origin: "http://localhost" });
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
