import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureAgentUrl, v1Card } from "../agents/agent-card-fixtures.js";
import type { FetchLike } from "../lib/api.js";
import { makeJwt } from "../test/jwt-fixture.js";
import {
  agentStorageKeys,
  chooseSelectedUrl,
  selectSelectedAgent,
  useAgentsStore,
} from "./agents-store.js";
import { useAuthStore } from "./auth-store.js";

const store = () => useAgentsStore.getState();
const names = () => store().agents.map((a) => a.name);
const registryPath = "/api/v1/agents/registry";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function routes(map: Record<string, () => Response>) {
  return vi.fn<FetchLike>(async (input) => {
    const reply = map[input];
    if (reply) return reply();
    return new Response("", { status: 404, statusText: "Not Found" });
  });
}

const assistant = v1Card({ name: "assistant", isDefault: true });
const coder = v1Card({ name: "coder" });
const adminBot = v1Card({ name: "admin-bot", requiredScopes: ["admin"] });
const remoteBase = "https://remote.example.com";

const proxyUrl = (id: string) => `${window.location.origin}/api/v1/agents/external/${id}`;

/** A fake of our server: the registry and the added-agents API (one agent, id a1). */
function agentServer() {
  const state = {
    posted: [] as unknown[],
    deleted: [] as string[],
    description: "Remote",
    added: false,
  };
  const record = () => ({
    id: "a1",
    url: remoteBase,
    proxy_url: proxyUrl("a1"),
    protocol: "0.3",
    card: {
      ...v1Card({ name: "remote" }),
      description: state.description,
      supportedInterfaces: [
        { url: proxyUrl("a1"), protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    },
    credentials_kind: "none",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  });
  vi.stubGlobal(
    "fetch",
    vi.fn<FetchLike>(async (input, init) => {
      if (input === registryPath) return json({ data: [assistant, coder] });
      if (input === "/api/v1/agents/external" && init?.method === "POST") {
        state.posted.push(JSON.parse(String(init.body)));
        state.added = true;
        return json(record());
      }
      if (input === "/api/v1/agents/external") return json({ data: state.added ? [record()] : [] });
      if (input === "/api/v1/agents/external/a1" && init?.method === "DELETE") {
        state.deleted.push("a1");
        state.added = false;
        return new Response(null, { status: 204 });
      }
      return new Response("", { status: 404 });
    }),
  );
  return state;
}

function signIn(scope: string) {
  useAuthStore.getState().setAuth({
    access_token: makeJwt({ sub: "u1", scope, user_type: "authenticated", exp: 4_000_000_000 }),
    token_type: "Bearer",
    user_id: "u1",
    session_id: "s1",
    expires_in: 3600,
  });
}

describe("useAgentsStore", () => {
  let fetchMock: ReturnType<typeof routes>;
  const serve = (map: Record<string, () => Response>) => {
    fetchMock = routes(map);
    vi.stubGlobal("fetch", fetchMock);
  };

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    useAgentsStore.setState({ agents: [], selectedAgentUrl: null, loading: false, error: null });
    serve({ [registryPath]: () => json({ data: [assistant, coder] }) });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("discovers the registry and selects the default agent", async () => {
    const run = store().discover();
    expect(store().loading).toBe(true);
    await run;
    expect(names()).toEqual(["assistant", "coder"]);
    expect(store()).toMatchObject({ loading: false, error: null });
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("assistant"));
    expect(selectSelectedAgent(store())?.name).toBe("assistant");
    expect(localStorage.getItem(agentStorageKeys.selectedUrl)).toBe(fixtureAgentUrl("assistant"));
  });

  it("shares one registry request between concurrent discoveries", async () => {
    await Promise.all([store().discover(), store().discover()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keeps the remembered agent when it is still listed and accessible", async () => {
    localStorage.setItem(agentStorageKeys.selectedUrl, fixtureAgentUrl("coder"));
    await store().discover();
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("coder"));
  });

  it("does not keep a remembered agent the user may not use", async () => {
    serve({ [registryPath]: () => json({ data: [adminBot, coder, assistant] }) });
    useAgentsStore.setState({ selectedAgentUrl: fixtureAgentUrl("admin-bot") });
    await store().discover();
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("assistant"));
    signIn("admin");
    useAgentsStore.setState({ selectedAgentUrl: fixtureAgentUrl("admin-bot") });
    await store().discover();
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("admin-bot"));
  });

  it("falls back to the first accessible agent without a default", async () => {
    serve({ [registryPath]: () => json({ data: [adminBot, coder] }) });
    await store().discover();
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("coder"));
  });

  it("chooses remembered, then default, then first accessible, else nothing", () => {
    const agents = [adminBot, coder, assistant].map((card) => ({
      url: fixtureAgentUrl(String(card.name)),
      isDefault: card === assistant,
    })) as Parameters<typeof chooseSelectedUrl>[0];
    const all = () => true;
    const notAdmin = (a: { url: string }) => !a.url.endsWith("admin-bot");
    expect(chooseSelectedUrl(agents, fixtureAgentUrl("coder"), all)).toBe(fixtureAgentUrl("coder"));
    expect(chooseSelectedUrl(agents, "https://gone", all)).toBe(fixtureAgentUrl("assistant"));
    expect(chooseSelectedUrl(agents.slice(0, 2), null, notAdmin)).toBe(fixtureAgentUrl("coder"));
    expect(chooseSelectedUrl(agents, null, () => false)).toBeNull();
  });

  it("reports the registry's HTTP failure with its status text", async () => {
    serve({
      [registryPath]: () => new Response("", { status: 500, statusText: "Internal Server Error" }),
    });
    await store().discover();
    expect(store()).toMatchObject({
      loading: false,
      error: "Registry API failed: Internal Server Error",
    });
  });

  it("reports an empty registry", async () => {
    serve({ [registryPath]: () => json({ data: [] }) });
    await store().discover();
    expect(store().error).toBe("No agents found in registry");
  });

  it("reports a network failure as a failed discovery", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<FetchLike>(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await store().discover();
    expect(store().error).toBe("Failed to discover agents from registry");
  });

  it("adds an agent by URL through the server, selects it and lists it from the server after a reload", async () => {
    signIn("anonymous");
    await store().discover();
    const server = agentServer();
    const added = await store().addAgentByUrl(`${remoteBase}/`);
    expect(server.posted).toEqual([{ url: remoteBase }]);
    expect(added).toMatchObject({ name: "remote", external: true, url: proxyUrl("a1") });
    expect(names()).toEqual(["assistant", "coder", "remote"]);
    expect(store().selectedAgentUrl).toBe(proxyUrl("a1"));

    useAgentsStore.setState({ agents: [] });
    await store().discover();
    expect(names()).toEqual(["assistant", "coder", "remote"]);
    expect(store().selectedAgentUrl).toBe(proxyUrl("a1"));
  });

  it("replaces an agent with the same url instead of listing it twice", async () => {
    signIn("anonymous");
    const server = agentServer();
    await store().addAgentByUrl(remoteBase);
    server.description = "Updated";
    await store().addAgentByUrl(`${remoteBase}/`);
    expect(store().agents).toHaveLength(1);
    expect(store().agents[0]?.description).toBe("Updated");
  });

  it("re-adding a registry agent by its proxy URL refreshes it from the held card", async () => {
    await store().discover();
    const added = await store().addAgentByUrl(fixtureAgentUrl("coder"));
    expect(added.external).toBe(false);
    expect(names()).toEqual(["assistant", "coder"]);
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("coder"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("adds another site's agent through the server even when its path has /api/v1/agents/", async () => {
    signIn("anonymous");
    await store().discover();
    const server = agentServer();
    const elsewhere = "https://other-chat.example.org/api/v1/agents/helper";
    const added = await store().addAgentByUrl(elsewhere);
    expect(server.posted).toEqual([{ url: elsewhere }]);
    expect(added).toMatchObject({ name: "remote", external: true, url: proxyUrl("a1") });
  });

  it("rejects with the add flow's texts and changes nothing", async () => {
    signIn("anonymous");
    await store().discover();
    const failure =
      "Error connecting to agent: Failed to fetch agent card from https://down.example.com (DNS: the host name did not resolve)";
    vi.stubGlobal(
      "fetch",
      vi.fn<FetchLike>(async (input) =>
        input === registryPath
          ? json({ data: [assistant, coder] })
          : new Response(JSON.stringify({ error: "bad_request", message: failure }), {
              status: 400,
              headers: { "content-type": "application/json" },
            }),
      ),
    );
    await expect(store().addAgentByUrl("https://down.example.com")).rejects.toThrow(failure);
    await expect(
      store().addAgentByUrl(`${window.location.origin}/api/v1/agents/unknown`),
    ).rejects.toThrow(
      "Error connecting to agent: Agent card not found for proxy URL. Please refresh agent discovery.",
    );
    await expect(store().addAgentByUrl("nonsense")).rejects.toThrow(
      "Failed to connect to agent at nonsense",
    );
    expect(names()).toEqual(["assistant", "coder"]);
    expect(store().error).toBeNull();
  });

  it("removes only agents the user added, on the server too, reselecting when the selected one goes", async () => {
    signIn("anonymous");
    await store().discover();
    const server = agentServer();
    await store().addAgentByUrl(remoteBase);
    store().removeAgent(fixtureAgentUrl("coder"));
    expect(names()).toEqual(["assistant", "coder", "remote"]);
    store().removeAgent(proxyUrl("a1"));
    expect(names()).toEqual(["assistant", "coder"]);
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("assistant"));
    await vi.waitFor(() => expect(server.deleted).toEqual(["a1"]));
  });

  it("ignores the selection of an unknown agent", async () => {
    await store().discover();
    store().selectAgent("https://unknown.example.com");
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("assistant"));
    store().selectAgent(fixtureAgentUrl("coder"));
    expect(store().selectedAgentUrl).toBe(fixtureAgentUrl("coder"));
    expect(selectSelectedAgent({ agents: [], selectedAgentUrl: "x" })).toBeNull();
  });

  it("drops the list older versions kept in localStorage", async () => {
    localStorage.setItem(agentStorageKeys.externalAgents, JSON.stringify([{ url: "https://x" }]));
    vi.resetModules();
    const fresh = await import("./agents-store.js");
    expect(fresh.useAgentsStore.getState().agents).toEqual([]);
    expect(localStorage.getItem(agentStorageKeys.externalAgents)).toBeNull();
  });

  it("starts empty when localStorage holds garbage or throws", async () => {
    localStorage.setItem(agentStorageKeys.externalAgents, "{not json");
    vi.resetModules();
    let fresh = await import("./agents-store.js");
    expect(fresh.useAgentsStore.getState().agents).toEqual([]);

    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("denied");
    });
    vi.resetModules();
    fresh = await import("./agents-store.js");
    expect(fresh.useAgentsStore.getState()).toMatchObject({ agents: [], selectedAgentUrl: null });
    getItem.mockRestore();
  });
});
