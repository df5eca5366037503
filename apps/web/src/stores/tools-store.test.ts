import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListServerToolsOptions, ServerTool } from "../api/list-server-tools.js";
import type { ToolServer } from "../api/mcp-registry-api.js";
import { toolCallHeaders } from "../api/mcp-tool-call.js";
import { emptyAuthSession, useAuthStore } from "./auth-store.js";
import { loadingContextId } from "./contexts-reducers.js";
import { useContextsStore } from "./contexts-store.js";
import { createToolsStore, type ToolsDependencies } from "./tools-store.js";

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

const toolsFor = (serverName: string, ...names: string[]): ServerTool[] =>
  names.map((name) => ({
    name,
    inputSchema: { type: "object" },
    serverName,
    serverEndpoint: `/api/v1/mcp/${serverName}/mcp`,
  }));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(registry: () => Promise<ToolServer[]>) {
  const listTools = vi.fn<ToolsDependencies["listTools"]>(async ({ server: s }) =>
    toolsFor(s.name, `${s.name}_tool`),
  );
  const fetchRegistry = vi.fn(registry);
  const store = createToolsStore({ fetchRegistry, listTools });
  return { store, fetchRegistry, listTools };
}

const signInAs = (userId: string, scopes: string[], isAuthenticated = true) =>
  useAuthStore.setState({
    ...emptyAuthSession,
    accessToken: "token-1",
    userId,
    scopes,
    isAuthenticated,
  });

describe("tools store", () => {
  beforeEach(() => {
    signInAs("anon-1", ["anonymous"], false);
    useContextsStore.setState({ currentContextId: "ctx-1" });
  });
  afterEach(() => vi.restoreAllMocks());

  it("runs one load at a time: a call during a load joins it", async () => {
    const reply = deferred<ToolServer[]>();
    const { store, fetchRegistry } = setup(() => reply.promise);
    const first = store.getState().load();
    const second = store.getState().load();
    expect(second).toBe(first);
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    reply.resolve([server("analytics")]);
    await first;
    await store.getState().load();
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
  });

  it("sets loading at the start, lists every permitted server's tools, and clears it after", async () => {
    const reply = deferred<ToolServer[]>();
    const { store, listTools } = setup(() => reply.promise);
    const load = store.getState().load();
    expect(store.getState().loading).toBe(true);
    reply.resolve([server("analytics"), server("everything", { auth: "none" })]);
    await load;
    const state = store.getState();
    expect(state.loading).toBe(false);
    expect(state.error).toBeNull();
    expect(state.servers.map((s) => [s.server.name, s.access])).toEqual([
      ["analytics", "open"],
      ["everything", "open"],
    ]);
    expect(state.listings).toEqual({ analytics: "loaded", everything: "loaded" });
    expect(state.tools.map((t) => [t.serverName, t.name])).toEqual([
      ["analytics", "analytics_tool"],
      ["everything", "everything_tool"],
    ]);
    expect(listTools).toHaveBeenCalledWith<[ListServerToolsOptions]>({
      server: server("analytics"),
      token: "token-1",
      contextId: "ctx-1",
    });
    // Listed once: opening a server's list later asks nothing more.
    await store.getState().listServer("analytics");
    expect(listTools).toHaveBeenCalledTimes(2);
  });

  it("clears loading after a failure and stores the error's own message", async () => {
    const reply = deferred<ToolServer[]>();
    const { store } = setup(() => reply.promise);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const load = store.getState().load();
    expect(store.getState().loading).toBe(true);
    reply.reject(new Error("Request failed with status 502"));
    await load;
    expect(store.getState().loading).toBe(false);
    expect(store.getState().error).toBe("Request failed with status 502");
  });

  it("stores 'Failed to load MCP registry' for a failure without a message", async () => {
    const { store } = setup(() => Promise.reject("nope"));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await store.getState().load();
    expect(store.getState().error).toBe("Failed to load MCP registry");
    expect(store.getState().loading).toBe(false);
  });

  it("clears a previous error when a later load succeeds", async () => {
    let fail = true;
    const { store } = setup(async () => {
      if (fail) throw new Error("Network error. Please check your connection and try again.");
      return [server("analytics")];
    });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await store.getState().load();
    expect(store.getState().error).toBe(
      "Network error. Please check your connection and try again.",
    );
    fail = false;
    await store.getState().load();
    expect(store.getState().error).toBeNull();
    expect(store.getState().servers).toHaveLength(1);
  });

  it("logs a server that cannot be listed and skips it; the rest continue", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { store, listTools } = setup(async () => [
      server("analytics"),
      server("broken"),
      server("product"),
    ]);
    listTools.mockImplementation(async ({ server: s }) => {
      if (s.name === "broken") throw new TypeError("Failed to fetch");
      return toolsFor(s.name, `${s.name}_tool`);
    });
    await store.getState().load();
    const state = store.getState();
    expect(state.error).toBeNull();
    expect(state.servers.map((s) => s.server.name)).toEqual(["analytics", "product"]);
    expect(state.listings).toEqual({ analytics: "loaded", product: "loaded" });
    expect(state.tools.map((t) => t.name)).toEqual(["analytics_tool", "product_tool"]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("Skipping MCP server broken"),
      expect.any(TypeError),
    );
  });

  it("greys every OAuth server, unlisted, for visitors, and filters them by scope once signed in", async () => {
    const registry = async () => [
      server("analytics"),
      server("github", { oauth_required: true, oauth_scopes: ["user"] }),
      server("forum", { oauth_required: true, oauth_scopes: [] }),
    ];
    const { store, listTools } = setup(registry);
    await store.getState().load();
    expect(store.getState().servers.map((s) => [s.server.name, s.access])).toEqual([
      ["analytics", "open"],
      ["github", "login"],
      ["forum", "login"],
    ]);
    // A greyed server is never contacted.
    expect(listTools.mock.calls.map(([options]) => options.server.name)).toEqual(["analytics"]);

    signInAs("user-1", ["user"]);
    await store.getState().load();
    expect(store.getState().servers.map((s) => [s.server.name, s.access])).toEqual([
      ["analytics", "open"],
      ["github", "open"],
      ["forum", "open"],
    ]);
    expect(store.getState().tools.map((t) => t.name)).toEqual([
      "analytics_tool",
      "github_tool",
      "forum_tool",
    ]);
  });

  it("ensureLoaded loads once per user and again when the user changes", async () => {
    const { store, fetchRegistry } = setup(async () => [server("analytics")]);
    await store.getState().ensureLoaded();
    await store.getState().ensureLoaded();
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    signInAs("user-1", ["user"]);
    await store.getState().ensureLoaded();
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
  });

  it("ensureLoaded waits for a load begun for another user, then loads again", async () => {
    const reply = deferred<ToolServer[]>();
    const { store, fetchRegistry } = setup(() => reply.promise);
    const first = store.getState().load();
    signInAs("user-1", ["user"]);
    const again = store.getState().ensureLoaded();
    expect(fetchRegistry).toHaveBeenCalledTimes(1);
    reply.resolve([server("analytics")]);
    await first;
    await again;
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
  });

  it("reset empties the store and drops the reply of a load it overtook", async () => {
    const replies = [deferred<ToolServer[]>(), deferred<ToolServer[]>()];
    let call = 0;
    const { store, fetchRegistry } = setup(() => (replies[call++] as (typeof replies)[0]).promise);
    const stale = store.getState().load();
    store.getState().reset();
    expect(store.getState()).toMatchObject({ servers: [], tools: [], loading: false, error: null });
    // The guard was released with the reset, so the new user's load runs at once.
    const fresh = store.getState().load();
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
    replies[1]?.resolve([server("new")]);
    await fresh;
    replies[0]?.resolve([server("old")]);
    await stale;
    expect(store.getState().servers.map((s) => s.server.name)).toEqual(["new"]);
    expect(store.getState().loading).toBe(false);
  });

  it("a load overtaken by a reset leaves the emptied store alone", async () => {
    const reply = deferred<ToolServer[]>();
    const { store } = setup(() => reply.promise);
    const stale = store.getState().load();
    store.getState().reset();
    reply.resolve([server("old")]);
    await stale;
    expect(store.getState()).toMatchObject({ servers: [], tools: [], loading: false });
  });

  it("names no conversation while conversations load: the loading marker is never sent", async () => {
    useContextsStore.setState({ currentContextId: loadingContextId });
    const { store, listTools } = setup(async () => [server("analytics")]);
    await store.getState().load();
    expect(listTools.mock.calls.map(([options]) => options.contextId)).toEqual([null]);
    // What goes on the wire: no x-context-id header at all.
    expect(toolCallHeaders("token-1", listTools.mock.calls[0]?.[0].contextId)).not.toHaveProperty(
      "x-context-id",
    );
  });
});
