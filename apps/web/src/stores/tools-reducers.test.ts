import { describe, expect, it } from "vitest";
import type { ServerTool } from "../api/list-server-tools.js";
import type { ToolServer } from "../api/mcp-registry-api.js";
import {
  collectListings,
  permittedServers,
  registryErrorMessage,
  toolServerAccess,
  toolsAuthKey,
  toolsOfServer,
} from "./tools-reducers.js";

const server = (name: string, overrides: Partial<ToolServer> = {}): ToolServer => ({
  name,
  description: "",
  endpoint: `/api/v1/mcp/${name}/mcp`,
  auth: "required",
  status: "running",
  oauth_required: false,
  oauth_scopes: [],
  recordsCalls: true,
  ...overrides,
});

const tool = (name: string, serverName: string): ServerTool => ({
  name,
  inputSchema: { type: "object" },
  serverName,
  serverEndpoint: `/api/v1/mcp/${serverName}/mcp`,
});

const anonymous = { isAuthenticated: false, scopes: ["anonymous"] };
const signedIn = { isAuthenticated: true, scopes: ["user"] };

describe("toolServerAccess", () => {
  it("opens a server that does not require OAuth to everyone", () => {
    const open = server("analytics", { oauth_scopes: ["admin"] });
    expect(toolServerAccess(open, anonymous)).toBe("open");
    expect(toolServerAccess(open, { isAuthenticated: false, scopes: [] })).toBe("open");
  });

  it("keeps an OAuth server with an empty scope list, greyed until the user signs in", () => {
    const oauth = server("github", { oauth_required: true, oauth_scopes: [] });
    expect(toolServerAccess(oauth, anonymous)).toBe("login");
    expect(toolServerAccess(oauth, signedIn)).toBe("open");
  });

  it("greys an OAuth server for a visitor whatever its scopes (signing in brings them)", () => {
    const oauth = server("github", { oauth_required: true, oauth_scopes: ["user"] });
    expect(toolServerAccess(oauth, anonymous)).toBe("login");
  });

  it("skips an OAuth server when none of its scopes matches a signed-in user's", () => {
    const oauth = server("github", { oauth_required: true, oauth_scopes: ["user"] });
    expect(toolServerAccess(oauth, { isAuthenticated: true, scopes: ["mcp"] })).toBe("hidden");
    expect(
      toolServerAccess(server("x", { oauth_required: true, oauth_scopes: ["custom:read"] }), {
        isAuthenticated: true,
        scopes: ["admin"],
      }),
    ).toBe("hidden");
  });

  it("keeps an OAuth server when any one of its scopes matches", () => {
    const oauth = server("github", { oauth_required: true, oauth_scopes: ["admin", "user"] });
    expect(toolServerAccess(oauth, signedIn)).toBe("open");
    // Scopes are ranked as for agents: admin reaches what user reaches.
    expect(toolServerAccess(oauth, { isAuthenticated: true, scopes: ["admin"] })).toBe("open");
    const anon = server("forum", { oauth_required: true, oauth_scopes: ["anonymous"] });
    expect(toolServerAccess(anon, anonymous)).toBe("login");
  });
});

describe("permittedServers", () => {
  it("leaves out hidden servers and keeps registry order with each access", () => {
    const servers = [
      server("analytics"),
      server("github", { oauth_required: true, oauth_scopes: ["user"] }),
      server("forum", { oauth_required: true }),
      server("product"),
    ];
    expect(permittedServers(servers, anonymous).map((s) => [s.server.name, s.access])).toEqual([
      ["analytics", "open"],
      ["github", "login"],
      ["forum", "login"],
      ["product", "open"],
    ]);
    expect(permittedServers(servers, signedIn).map((s) => [s.server.name, s.access])).toEqual([
      ["analytics", "open"],
      ["github", "open"],
      ["forum", "open"],
      ["product", "open"],
    ]);
  });
});

describe("collectListings", () => {
  it("drops servers that could not be listed and keeps greyed ones without tools", () => {
    const analytics = { server: server("analytics"), access: "open" as const };
    const broken = { server: server("broken"), access: "open" as const };
    const forum = { server: server("forum"), access: "login" as const };
    const product = { server: server("product"), access: "open" as const };
    const result = collectListings([
      { shown: analytics, tools: [tool("query_orders", "analytics")] },
      { shown: broken, tools: null },
      { shown: forum, tools: [] },
      { shown: product, tools: [tool("search_docs", "product"), tool("docs_tree", "product")] },
    ]);
    expect(result.servers).toEqual([analytics, forum, product]);
    expect(result.tools.map((t) => t.name)).toEqual(["query_orders", "search_docs", "docs_tree"]);
  });
});

describe("collectListings of servers the user added", () => {
  it("keeps one that could not be listed, without tools, so it can be mended or removed", () => {
    const mine = {
      server: { ...server("mine"), userServerId: "s1" },
      access: "open" as const,
    };
    const broken = { server: server("broken"), access: "open" as const };
    const result = collectListings([
      { shown: mine, tools: null },
      { shown: broken, tools: null },
    ]);
    expect(result.servers).toEqual([mine]);
    expect(result.tools).toEqual([]);
  });
});

describe("toolsOfServer", () => {
  it("picks the tools of one server in listing order", () => {
    const tools = [tool("a", "one"), tool("b", "two"), tool("c", "one")];
    expect(toolsOfServer(tools, { name: "one" }).map((t) => t.name)).toEqual(["a", "c"]);
  });
});

describe("registryErrorMessage", () => {
  it("uses the error's own message, else 'Failed to load MCP registry'", () => {
    expect(registryErrorMessage(new Error("Request failed with status 502"))).toBe(
      "Request failed with status 502",
    );
    expect(registryErrorMessage(new Error(""))).toBe("Failed to load MCP registry");
    expect(registryErrorMessage("boom")).toBe("Failed to load MCP registry");
    expect(registryErrorMessage(undefined)).toBe("Failed to load MCP registry");
  });
});

describe("toolsAuthKey", () => {
  it("changes with the user, their sign-in and their scopes, not with scope order", () => {
    const base = { userId: "u1", isAuthenticated: false, scopes: ["anonymous", "mcp"] };
    expect(toolsAuthKey(base)).toBe(toolsAuthKey({ ...base, scopes: ["mcp", "anonymous"] }));
    expect(toolsAuthKey(base)).not.toBe(toolsAuthKey({ ...base, userId: "u2" }));
    expect(toolsAuthKey(base)).not.toBe(toolsAuthKey({ ...base, isAuthenticated: true }));
    expect(toolsAuthKey(base)).not.toBe(toolsAuthKey({ ...base, scopes: ["user"] }));
  });
});
