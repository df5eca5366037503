import { describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { fetchMcpRegistry, mcpRegistryPath, stripHostPrefix } from "./mcp-registry-api.js";

const origin = "https://chat.example.com";

const entry = (overrides: Record<string, unknown>) => ({
  name: "analytics",
  version: "0.1.0",
  description: "Sample business",
  endpoint: `${origin}/api/v1/mcp/analytics/mcp`,
  enabled: true,
  status: "running",
  auth: "required",
  oauth_required: false,
  oauth_scopes: [],
  kind: "built_in",
  ...overrides,
});

function replying(body: unknown, status = 200) {
  return vi.fn<FetchLike>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );
}

describe("fetchMcpRegistry", () => {
  it("asks the public registry without an Authorization header", async () => {
    const fetchImpl = replying({ data: [] });
    await fetchMcpRegistry({ fetchImpl, origin });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [path, init] = fetchImpl.mock.calls[0] ?? [];
    expect(path).toBe(mcpRegistryPath);
    expect(path).toBe("/api/v1/mcp/registry");
    expect(init?.method ?? "GET").toBe("GET");
    expect(new Headers(init?.headers).has("authorization")).toBe(false);
  });

  it("keeps only enabled servers, with the registry's fields", async () => {
    const fetchImpl = replying({
      data: [
        entry({ name: "analytics" }),
        entry({ name: "product", enabled: false, status: "disabled" }),
        entry({
          name: "github",
          endpoint: "https://mcp.github.example/mcp",
          kind: "external",
          auth: "none",
          status: "error",
          oauth_required: true,
          oauth_scopes: ["user", 7],
        }),
      ],
    });
    const servers = await fetchMcpRegistry({ fetchImpl, origin });
    expect(servers).toEqual([
      {
        name: "analytics",
        description: "Sample business",
        endpoint: "/api/v1/mcp/analytics/mcp",
        auth: "required",
        status: "running",
        oauth_required: false,
        oauth_scopes: [],
        recordsCalls: true,
        watchable: false,
      },
      {
        name: "github",
        description: "Sample business",
        endpoint: "https://mcp.github.example/mcp",
        auth: "none",
        status: "error",
        oauth_required: true,
        oauth_scopes: ["user"],
        recordsCalls: false,
        watchable: false,
      },
    ]);
  });

  it("takes a listed server this site proxies as its own: on this site, its calls recorded there", async () => {
    const fetchImpl = replying({
      data: [
        // The config file's servers are proxied at this site's path, under its public URL.
        entry({
          name: "everything",
          kind: "external",
          endpoint: "https://public.example/api/v1/mcp/everything/mcp",
        }),
        // Another name's path is not this server's.
        entry({
          name: "other",
          kind: "external",
          endpoint: "https://elsewhere.example/api/v1/mcp/everything/mcp",
        }),
      ],
    });
    const servers = await fetchMcpRegistry({ fetchImpl, origin });
    expect(servers.map((s) => [s.name, s.endpoint, s.recordsCalls])).toEqual([
      ["everything", "/api/v1/mcp/everything/mcp", true],
      ["other", "https://elsewhere.example/api/v1/mcp/everything/mcp", false],
    ]);
    // Only the one this site proxies has a watch (its log and list changes in the Tools column).
    expect(servers.map((s) => s.watchable)).toEqual([true, false]);
  });

  it("accepts the older status 'enabled' and skips entries without name or endpoint", async () => {
    const fetchImpl = replying({
      data: [
        { name: "legacy", endpoint: "/mcp/legacy", status: "enabled" },
        { name: "off", endpoint: "/mcp/off", status: "disabled" },
        entry({ name: "" }),
        entry({ endpoint: 3 }),
        null,
      ],
    });
    const servers = await fetchMcpRegistry({ fetchImpl, origin });
    expect(servers.map((s) => [s.name, s.endpoint, s.oauth_required])).toEqual([
      ["legacy", "/mcp/legacy", false],
    ]);
  });

  it("treats a body without data as an empty registry", async () => {
    await expect(fetchMcpRegistry({ fetchImpl: replying({}), origin })).resolves.toEqual([]);
  });

  it("rejects with the catalogue's text when the registry fails", async () => {
    const fetchImpl = replying({}, 500);
    await expect(fetchMcpRegistry({ fetchImpl, origin })).rejects.toThrow(
      "Request failed with status 500",
    );
  });

  it("uses this page's origin by default", async () => {
    const fetchImpl = replying({
      data: [entry({ endpoint: `${window.location.origin}/api/v1/mcp/product/mcp`, kind: "x" })],
    });
    const [server] = await fetchMcpRegistry({ fetchImpl });
    expect(server?.endpoint).toBe("/api/v1/mcp/product/mcp");
  });
});

describe("stripHostPrefix", () => {
  it("strips this site's origin, keeping path, query and fragment", () => {
    expect(stripHostPrefix(`${origin}/api/v1/mcp/a/mcp?x=1#f`, origin)).toBe(
      "/api/v1/mcp/a/mcp?x=1#f",
    );
  });

  it("strips any host from a built-in server, which this site always serves", () => {
    expect(stripHostPrefix("https://public.example.org/api/v1/mcp/a/mcp", origin, true)).toBe(
      "/api/v1/mcp/a/mcp",
    );
  });

  it("keeps another host's endpoint and leaves relative endpoints as they are", () => {
    expect(stripHostPrefix("http://127.0.0.1:3001/mcp", origin)).toBe("http://127.0.0.1:3001/mcp");
    expect(stripHostPrefix("/api/v1/mcp/a/mcp", origin)).toBe("/api/v1/mcp/a/mcp");
  });
});
