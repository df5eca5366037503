import {
  type ExternalAgent,
  externalAgentListSchema,
  externalAgentMessages,
  externalAgentSchema,
  externalAgentsPath,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";
import type { Agent } from "./agent-types.js";
import { cardToAgent } from "./card-to-agent.js";

/** Texts of agent discovery (core spec §8). */
export const agentMessages = {
  registryFailed: (statusText: string) => `Registry API failed: ${statusText}`,
  noAgents: "No agents found in registry",
  discoveryFailed: "Failed to discover agents from registry",
  proxyCardMissing: "Agent card not found for proxy URL. Please refresh agent discovery.",
  // The server's texts: the URL in them is redacted, a secret typed into it is not echoed.
  cardFetchFailed: externalAgentMessages.cardFetchFailed,
  connectFailed: externalAgentMessages.connectFailed,
  connectError: externalAgentMessages.connectError,
} as const;

/** The public registry of our agents (core spec §7). */
export const registryPath = "/api/v1/agents/registry";

/** A discovery failure whose message is meant for the user as it is. */
export class AgentDiscoveryError extends Error {
  override name = "AgentDiscoveryError";
}

const defaultFetch: FetchLike = (input, init) => fetch(input, init);

const jsonHeaders = { Accept: "application/json" };

/** Lists the registry's agents (no auth: cards are public), default agent first. */
export async function fetchRegistry(fetchImpl: FetchLike = defaultFetch): Promise<Agent[]> {
  const response = await fetchImpl(registryPath, { headers: jsonHeaders });
  if (!response.ok) {
    // HTTP/2 replies carry no reason phrase; the status code is the next best thing.
    throw new AgentDiscoveryError(
      agentMessages.registryFailed(response.statusText || String(response.status)),
    );
  }
  const body: unknown = await response.json();
  const data = body && typeof body === "object" ? (body as { data?: unknown }).data : undefined;
  const cards: unknown[] = Array.isArray(data) ? data : [];
  // One malformed card must not hide the others.
  const agents = cards.flatMap((card) => {
    try {
      return [cardToAgent(card, { external: false })];
    } catch {
      return [];
    }
  });
  if (agents.length === 0) throw new AgentDiscoveryError(agentMessages.noAgents);
  return agents;
}

/** Whether a URL points at an agent behind our server's proxy (/api/v1/agents/{name}). */
export function isProxyAgentUrl(url: string): boolean {
  return url.includes("/api/v1/agents/");
}

/** Where a card may live for an agent base URL, in the order they are tried. */
export function agentCardLocations(url: string): string[] {
  const base = url.replace(/\/+$/, "");
  const wellKnown = `${base}/.well-known/agent-card.json`;
  return isProxyAgentUrl(base) ? [wellKnown] : [wellKnown, `${base}/api/agents/card`];
}

/** Options of card discovery. */
export interface DiscoverOptions {
  /** A card already known for this URL (from the registry), used instead of fetching. */
  knownCard?: (url: string) => unknown;
  fetchImpl?: FetchLike;
}

async function tryFetchCard(location: string, fetchImpl: FetchLike): Promise<unknown> {
  try {
    const response = await fetchImpl(location, { headers: jsonHeaders });
    if (!response.ok) return undefined;
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Finds the agent card for a URL: {url}/.well-known/agent-card.json, then {url}/api/agents/card.
 * A proxy URL (ours, /api/v1/agents/) has no fallback location: its card comes from the
 * registry we already hold, else from its well-known location, else it is an error.
 */
export async function discoverAgentCard(
  url: string,
  options: DiscoverOptions = {},
): Promise<unknown> {
  const fetchImpl = options.fetchImpl ?? defaultFetch;
  const proxy = isProxyAgentUrl(url);
  if (proxy) {
    const known = options.knownCard?.(url);
    if (known !== undefined) return known;
  }
  for (const location of agentCardLocations(url)) {
    const card = await tryFetchCard(location, fetchImpl);
    if (card !== undefined) return card;
  }
  throw new AgentDiscoveryError(
    proxy ? agentMessages.proxyCardMissing : agentMessages.cardFetchFailed(url),
  );
}

function normaliseUrl(input: string): string | null {
  const trimmed = input.trim().replace(/\/+$/, "");
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * The add-by-URL flow: discovers the card and turns it into an external agent. Failures carry
 * the spec's texts: 'Failed to connect to agent at {url}' when the URL is unusable or does not
 * answer with an agent card, 'Error connecting to agent: {message}' when discovery fails.
 */
export async function connectAgent(input: string, options: DiscoverOptions = {}): Promise<Agent> {
  const url = normaliseUrl(input);
  if (!url) throw new AgentDiscoveryError(agentMessages.connectFailed(input.trim()));
  let card: unknown;
  try {
    card = await discoverAgentCard(url, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AgentDiscoveryError(agentMessages.connectError(reason));
  }
  try {
    return cardToAgent(card, { url, external: true });
  } catch {
    throw new AgentDiscoveryError(agentMessages.connectFailed(url));
  }
}

/** Turns the server's record of an added agent into an Agent reached at its proxy URL. */
function externalToAgent(record: ExternalAgent): Agent {
  return {
    ...cardToAgent(record.card, { url: record.proxy_url, external: true }),
    credentialsKind: record.credentials_kind,
    ...(record.sign_in ? { signIn: record.sign_in } : {}),
    ...(record.card_verification ? { cardVerification: record.card_verification } : {}),
  };
}

/** The error of an add-agent call as the user reads it (the server words it as the spec does). */
function addFailure(error: unknown): AgentDiscoveryError {
  const message = error instanceof Error ? error.message : String(error);
  return new AgentDiscoveryError(message);
}

/**
 * Adds an agent by URL through our server (core spec §3: the same url replaces): the server
 * discovers its card and serves it at a proxy URL on this site, so the browser never calls the
 * agent itself. Rejects with the spec's texts.
 */
export async function addExternalAgent(input: string, fetchImpl?: FetchLike): Promise<Agent> {
  const url = normaliseUrl(input);
  if (!url) throw new AgentDiscoveryError(agentMessages.connectFailed(input.trim()));
  let record: ExternalAgent;
  try {
    record = externalAgentSchema.parse(
      await authenticatedRequest<unknown>(
        externalAgentsPath,
        { method: "POST", body: JSON.stringify({ url }) },
        fetchImpl,
      ),
    );
  } catch (error) {
    throw addFailure(error);
  }
  try {
    return externalToAgent(record);
  } catch {
    throw new AgentDiscoveryError(agentMessages.connectFailed(url));
  }
}

/** The agents the user added, as the server remembers them (every device sees the same list). */
export async function fetchExternalAgents(fetchImpl?: FetchLike): Promise<Agent[]> {
  const list = externalAgentListSchema.parse(
    await authenticatedRequest<unknown>(externalAgentsPath, {}, fetchImpl),
  );
  return list.data.flatMap((record) => {
    try {
      return [externalToAgent(record)];
    } catch {
      return [];
    }
  });
}

/** The id of an added agent from its proxy URL, or undefined when the URL is not one. */
export function externalAgentId(proxyUrl: string): string | undefined {
  const marker = `${externalAgentsPath}/`;
  const at = proxyUrl.indexOf(marker);
  if (at < 0) return undefined;
  const id = proxyUrl.slice(at + marker.length).replace(/\/+$/, "");
  return id && !id.includes("/") ? id : undefined;
}

/** Removes an added agent on the server. */
export async function removeExternalAgent(proxyUrl: string, fetchImpl?: FetchLike): Promise<void> {
  const id = externalAgentId(proxyUrl);
  if (!id) return;
  await authenticatedRequest<void>(
    `${externalAgentsPath}/${encodeURIComponent(id)}`,
    { method: "DELETE" },
    fetchImpl,
  );
}
