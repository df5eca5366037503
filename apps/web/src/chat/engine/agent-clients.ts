import type { Agent } from "../../api/agent-types.js";
import { selectHasValidToken } from "../../stores/auth-selectors.js";
import { useAuthStore } from "../../stores/auth-store.js";
import type { AgentClient, AgentClientFactory } from "./agent-client.js";
import { agentWorker } from "./worker/agent-worker-instance.js";
import { createWorkerAgentClient } from "./worker/worker-agent-client.js";

/** The session's token while it is valid, else null. */
export function currentToken(): string | null {
  const auth = useAuthStore.getState();
  return selectHasValidToken(auth) ? auth.accessToken : null;
}

/** The default: a client whose A2A calls run in the agent worker. */
const workerClient: AgentClientFactory = (agent) => createWorkerAgentClient(agentWorker(), agent);

let factory: AgentClientFactory = workerClient;
const clients = new Map<string, { card: Agent["card"]; client: AgentClient }>();

/** Replaces how agent clients are made (tests inject a fake); no argument restores the default. */
export function setAgentClientFactory(next?: AgentClientFactory): void {
  factory = next ?? workerClient;
  clients.clear();
}

/** The client of an agent, made once per endpoint and card (a new card makes a new client). */
export function agentClientFor(agent: Agent): AgentClient {
  const key = `${agent.protocol} ${agent.url}`;
  const cached = clients.get(key);
  if (cached && cached.card === agent.card) return cached.client;
  // The client attaches the token only to requests that really go to this origin.
  const client = factory(agent, currentToken);
  clients.set(key, { card: agent.card, client });
  return client;
}
