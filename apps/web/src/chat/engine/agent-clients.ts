import type { Agent } from "../../agents/agent-types.js";
import { selectHasValidToken } from "../../stores/auth-selectors.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { type AgentClient, type AgentClientFactory, createAgentClient } from "./agent-client.js";

/** The session's token while it is valid, else null. */
export function currentToken(): string | null {
  const auth = useAuthStore.getState();
  return selectHasValidToken(auth) ? auth.accessToken : null;
}

/**
 * Whether an agent is served by this site. Only those get the session's token (as the bearer and
 * as the push-notification token): an external agent added by URL must never receive it, since it
 * would let that agent act as the user here.
 */
export function isOwnAgent(agent: Pick<Agent, "url">, origin = window.location.origin): boolean {
  try {
    return new URL(agent.url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** The token to give an agent: the session's for our own agents, none for external ones. */
export function tokenFor(agent: Pick<Agent, "url">): string | null {
  return isOwnAgent(agent) ? currentToken() : null;
}

let factory: AgentClientFactory = createAgentClient;
const clients = new Map<string, { card: Agent["card"]; client: AgentClient }>();

/** Replaces how agent clients are made (tests inject a fake); no argument restores the SDK one. */
export function setAgentClientFactory(next?: AgentClientFactory): void {
  factory = next ?? createAgentClient;
  clients.clear();
}

/** The client of an agent, made once per endpoint and card (a new card makes a new client). */
export function agentClientFor(agent: Agent): AgentClient {
  const key = `${agent.protocol} ${agent.url}`;
  const cached = clients.get(key);
  if (cached && cached.card === agent.card) return cached.client;
  const client = factory(agent, () => tokenFor(agent));
  clients.set(key, { card: agent.card, client });
  return client;
}
