import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeMcpFetch } from "../tools/fake-mcp-fetch.js";
import {
  listingSchemaValidator,
  listServerTools,
  toolRenderBehavior,
} from "./list-server-tools.js";
import type { McpFetch } from "./mcp-tool-call.js";

const queryOrders = {
  name: "query_orders",
  description: "Orders of the sample business",
  inputSchema: { type: "object", properties: { region: { type: "string" } } },
  outputSchema: {
    type: "object" as const,
    "x-artifact-type": "table",
    "x-render-behavior": "modal",
  },
};
const listRegions = { name: "list_regions", inputSchema: { type: "object" } };

/** A stateless MCP server whose tools/list answers page by page (cursor = page index). */
function fakeServer(pages: unknown[][]) {
  return fakeMcpFetch((request) => {
    if (request.method !== "tools/list") return undefined;
    const page = Number(request.params?.cursor ?? 0);
    const next = page + 1 < pages.length ? { nextCursor: String(page + 1) } : {};
    return { tools: pages[page] ?? [], ...next };
  });
}

const analytics = { name: "analytics", endpoint: "/api/v1/mcp/analytics/mcp", auth: "required" };

describe("listServerTools", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists every page of tools, adding the server's name and endpoint, then closes", async () => {
    const close = vi.spyOn(Client.prototype, "close");
    const server = fakeServer([[queryOrders], [listRegions]]);
    const tools = await listServerTools({
      server: analytics,
      token: "token-1",
      contextId: "ctx-1",
      fetch: server.fetchImpl,
    });
    expect(tools).toEqual([
      { ...queryOrders, serverName: "analytics", serverEndpoint: "/api/v1/mcp/analytics/mcp" },
      { ...listRegions, serverName: "analytics", serverEndpoint: "/api/v1/mcp/analytics/mcp" },
    ]);
    expect(close).toHaveBeenCalledTimes(1);

    // No event stream is asked for: only the session's POSTs reach the server.
    expect(server.calls.map((call) => call.method)).toEqual(["POST", "POST", "POST", "POST"]);
    const posts = server.calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.body?.method)).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/list",
      "tools/list",
    ]);
    const initialize = posts[0]?.body?.params as Record<string, unknown>;
    expect(initialize.clientInfo).toEqual({ name: "systemprompt-web-client", version: "1.0.0" });
    expect(initialize.capabilities).toEqual({});
    for (const call of posts) {
      // The relative endpoint is resolved against this site.
      expect(call.url).toBe(`${window.location.origin}/api/v1/mcp/analytics/mcp`);
      expect(call.headers.get("accept")).toBe("application/json, text/event-stream");
      expect(call.headers.get("authorization")).toBe("Bearer token-1");
      expect(call.headers.get("x-context-id")).toBe("ctx-1");
      expect(call.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("compiles no output-schema validator (the site's CSP forbids eval)", async () => {
    const compile = vi.spyOn(AjvJsonSchemaValidator.prototype, "getValidator");
    const server = fakeServer([[queryOrders]]);
    await expect(
      listServerTools({ server: analytics, token: "t", fetch: server.fetchImpl }),
    ).resolves.toHaveLength(1);
    expect(compile).not.toHaveBeenCalled();
  });

  it("sends no Authorization header to a server whose auth is not 'required'", async () => {
    const server = fakeServer([[listRegions]]);
    await listServerTools({
      server: { name: "everything", endpoint: "http://127.0.0.1:3001/mcp", auth: "none" },
      token: "token-1",
      fetch: server.fetchImpl,
    });
    const list = server.calls.find((call) => call.body?.method === "tools/list");
    expect(list?.url).toBe("http://127.0.0.1:3001/mcp");
    expect(list?.headers.has("authorization")).toBe(false);
    expect(list?.headers.has("x-context-id")).toBe(false);
  });

  it("sends the session token to no other origin, even for a server whose auth is 'required'", async () => {
    const server = fakeServer([[listRegions]]);
    await listServerTools({
      server: { name: "remote", endpoint: "https://tools.example.com/mcp", auth: "required" },
      token: "token-1",
      fetch: server.fetchImpl,
    });
    expect(server.calls.length).toBeGreaterThan(0);
    for (const call of server.calls) expect(call.headers.has("authorization")).toBe(false);
  });

  it("sends no Authorization header without a credential", async () => {
    const server = fakeServer([[]]);
    await expect(
      listServerTools({ server: analytics, token: null, fetch: server.fetchImpl }),
    ).resolves.toEqual([]);
    const list = server.calls.find((call) => call.body?.method === "tools/list");
    expect(list?.headers.has("authorization")).toBe(false);
  });

  it("uses a fresh trace id for each server", async () => {
    const server = fakeServer([[]]);
    await listServerTools({ server: analytics, token: "t", fetch: server.fetchImpl });
    await listServerTools({ server: analytics, token: "t", fetch: server.fetchImpl });
    const [first, second] = server.calls.filter((call) => call.body?.method === "tools/list");
    expect(first?.headers.get("x-trace-id")).not.toBe(second?.headers.get("x-trace-id"));
  });

  it("rejects when the server cannot be reached", async () => {
    const fetchImpl: McpFetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(
      listServerTools({ server: analytics, token: "t", fetch: fetchImpl }),
    ).rejects.toThrow("Failed to fetch");
  });

  it("gives up on a server that does not answer in time", async () => {
    const fetchImpl: McpFetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    await expect(
      listServerTools({ server: analytics, token: "t", timeoutMs: 20, fetch: fetchImpl }),
    ).rejects.toThrow(/timed out/i);
  });

  it("rejects when the server refuses the session", async () => {
    const fetchImpl: McpFetch = async () =>
      new Response(JSON.stringify({ error: "forbidden" }), {
        status: 403,
        headers: { "content-type": "application/json" },
      });
    await expect(
      listServerTools({ server: analytics, token: "t", fetch: fetchImpl }),
    ).rejects.toThrow();
  });
});

describe("toolRenderBehavior", () => {
  it("reads x-render-behavior from the outputSchema", () => {
    expect(toolRenderBehavior(queryOrders)).toBe("modal");
    expect(
      toolRenderBehavior({ outputSchema: { type: "object", "x-render-behavior": "silent" } }),
    ).toBe("silent");
  });

  it("gives nothing without an outputSchema or for an unknown value", () => {
    expect(toolRenderBehavior({})).toBeUndefined();
    expect(
      toolRenderBehavior({ outputSchema: { type: "object", "x-render-behavior": "popup" } }),
    ).toBeUndefined();
  });
});

describe("listingSchemaValidator", () => {
  it("accepts any value as it is", () => {
    const validate = listingSchemaValidator.getValidator<unknown>({ type: "object" });
    expect(validate(42)).toEqual({ valid: true, data: 42, errorMessage: undefined });
  });
});
