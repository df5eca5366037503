import { describe, expect, it, vi } from "vitest";
import { fixtureAgentUrl, v1Card, v03Card } from "../agents/agent-card-fixtures.js";
import type { FetchLike } from "../lib/api.js";
import {
  AgentDiscoveryError,
  agentCardLocations,
  connectAgent,
  discoverAgentCard,
  fetchRegistry,
  isProxyAgentUrl,
} from "./agents-api.js";

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
    ...init,
  });
const notFound = () => new Response("nope", { status: 404, statusText: "Not Found" });

/** A fake fetch answering from a map of URL → reply; anything else is a 404. */
function fakeFetch(routes: Record<string, () => Response>) {
  return vi.fn<FetchLike>(async (input) => (routes[input] ?? notFound)());
}

describe("fetchRegistry", () => {
  it("gets the registry without auth and returns its agents in order", async () => {
    const fetchImpl = fakeFetch({
      "/api/v1/agents/registry": () =>
        json({ data: [v1Card({ name: "assistant", isDefault: true }), v1Card({ name: "coder" })] }),
    });
    const agents = await fetchRegistry(fetchImpl);
    expect(agents.map((a) => [a.name, a.isDefault, a.external])).toEqual([
      ["assistant", true, false],
      ["coder", false, false],
    ]);
    const headers = new Headers(fetchImpl.mock.calls[0]?.[1]?.headers);
    expect(headers.has("Authorization")).toBe(false);
  });

  it("fails with the status text when the registry answers an error", async () => {
    const fetchImpl = fakeFetch({
      "/api/v1/agents/registry": () =>
        new Response("", { status: 503, statusText: "Service Unavailable" }),
    });
    await expect(fetchRegistry(fetchImpl)).rejects.toThrow(
      new AgentDiscoveryError("Registry API failed: Service Unavailable"),
    );
  });

  it("says no agents were found for an empty registry or one without valid cards", async () => {
    const empty = fakeFetch({ "/api/v1/agents/registry": () => json({ data: [] }) });
    await expect(fetchRegistry(empty)).rejects.toThrow("No agents found in registry");
    const junk = fakeFetch({ "/api/v1/agents/registry": () => json({ data: [{ nope: 1 }] }) });
    await expect(fetchRegistry(junk)).rejects.toThrow("No agents found in registry");
  });

  it("skips a malformed card but keeps the others", async () => {
    const fetchImpl = fakeFetch({
      "/api/v1/agents/registry": () => json({ data: [{ nope: 1 }, v1Card({ name: "coder" })] }),
    });
    expect((await fetchRegistry(fetchImpl)).map((a) => a.name)).toEqual(["coder"]);
  });
});

describe("discoverAgentCard", () => {
  it("tries the well-known card, then the fallback location", async () => {
    expect(agentCardLocations("https://a.example.com/")).toEqual([
      "https://a.example.com/.well-known/agent-card.json",
      "https://a.example.com/api/agents/card",
    ]);
    const card = v03Card({ name: "fallback" });
    const fetchImpl = fakeFetch({ "https://a.example.com/api/agents/card": () => json(card) });
    expect(await discoverAgentCard("https://a.example.com", { fetchImpl })).toEqual(card);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      "https://a.example.com/.well-known/agent-card.json",
      "https://a.example.com/api/agents/card",
    ]);
  });

  it("fails with the card error when no location answers", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(discoverAgentCard("https://down.example.com", { fetchImpl })).rejects.toThrow(
      "Failed to fetch agent card from https://down.example.com",
    );
  });

  it("uses the card already held for a proxy URL without fetching", async () => {
    const url = fixtureAgentUrl("assistant");
    expect(isProxyAgentUrl(url)).toBe(true);
    expect(isProxyAgentUrl("https://a.example.com/agent")).toBe(false);
    const card = v1Card({ name: "assistant" });
    const fetchImpl = fakeFetch({});
    const found = await discoverAgentCard(url, {
      fetchImpl,
      knownCard: (u) => (u === url ? card : undefined),
    });
    expect(found).toBe(card);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("asks for a refresh when a proxy URL's card is neither held nor served", async () => {
    const url = fixtureAgentUrl("gone");
    const fetchImpl = fakeFetch({});
    await expect(discoverAgentCard(url, { fetchImpl, knownCard: () => undefined })).rejects.toThrow(
      "Agent card not found for proxy URL. Please refresh agent discovery.",
    );
    // A proxy URL has no /api/agents/card fallback.
    expect(fetchImpl.mock.calls.map(([u]) => u)).toEqual([`${url}/.well-known/agent-card.json`]);
  });
});

describe("connectAgent", () => {
  it("turns the discovered card into an external agent", async () => {
    const card = v03Card({ name: "remote" });
    const fetchImpl = fakeFetch({
      "https://r.example.com/.well-known/agent-card.json": () => json(card),
    });
    const agent = await connectAgent("  https://r.example.com/ ", { fetchImpl });
    expect(agent).toMatchObject({ name: "remote", external: true, protocol: "0.3" });
  });

  it("wraps discovery failures as 'Error connecting to agent: …'", async () => {
    await expect(
      connectAgent("https://down.example.com", { fetchImpl: fakeFetch({}) }),
    ).rejects.toThrow(
      "Error connecting to agent: Failed to fetch agent card from https://down.example.com",
    );
  });

  it("says it failed to connect when the URL is unusable or answers no agent card", async () => {
    await expect(connectAgent("not a url", { fetchImpl: fakeFetch({}) })).rejects.toThrow(
      "Failed to connect to agent at not a url",
    );
    await expect(connectAgent("ftp://x.example.com", { fetchImpl: fakeFetch({}) })).rejects.toThrow(
      "Failed to connect to agent at ftp://x.example.com",
    );
    const fetchImpl = fakeFetch({
      "https://odd.example.com/.well-known/agent-card.json": () => json({ hello: "world" }),
    });
    await expect(connectAgent("https://odd.example.com", { fetchImpl })).rejects.toThrow(
      "Failed to connect to agent at https://odd.example.com",
    );
  });

  it("never echoes a secret typed into the URL", async () => {
    const refused = connectAgent("ftp://admin:hunter2@x.example.com/?key=s3cret", {
      fetchImpl: fakeFetch({}),
    });
    await expect(refused).rejects.toThrow(
      /^Failed to connect to agent at ftp:\/\/\[redacted\]@x\.example\.com\/\?key=\[redacted\]$/,
    );
  });
});
