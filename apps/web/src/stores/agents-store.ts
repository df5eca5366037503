import { create } from "zustand";
import { agentAccess } from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import {
  AgentDiscoveryError,
  addExternalAgent,
  agentMessages,
  connectAgent,
  fetchExternalAgents,
  fetchRegistry,
  isProxyAgentUrl,
  removeExternalAgent,
} from "../api/agents-api.js";
import { logger } from "../lib/logger.js";
import { goesToThisOrigin } from "../lib/same-origin-credentials.js";
import { readStorage, removeStorage, writeStorage } from "../lib/storage.js";
import { useAuthStore } from "./auth-store.js";

/** localStorage keys of the agents store (failures swallowed by lib/storage). */
export const agentStorageKeys = {
  selectedUrl: "selected-agent-url",
  /** Where added agents were kept before the server kept them; removed on start. */
  externalAgents: "external-agents",
} as const;

/** The agents store (core spec §3 Agent): the list, the selected agent and discovery flags. */
export interface AgentsState {
  agents: Agent[];
  selectedAgentUrl: string | null;
  loading: boolean;
  error: string | null;
  /** Loads the registry; agents the user added by URL stay. Concurrent calls share one run. */
  discover: () => Promise<void>;
  /** Selects a listed agent; an unknown url is ignored. */
  selectAgent: (url: string) => void;
  /** Connects to an agent by URL, replacing one with the same url, and selects it. Rejects with the spec's texts. */
  addAgentByUrl: (url: string) => Promise<Agent>;
  /** Removes an agent the user added, here and on the server (registry agents stay). */
  removeAgent: (url: string) => void;
  /** Notes the kind of credentials the server now keeps for an agent the user added. */
  /** Records the kind of credentials now stored (and the card's scheme they meet, if any). */
  setCredentialsKind: (
    url: string,
    kind: NonNullable<Agent["credentialsKind"]>,
    scheme?: string,
  ) => void;
  clearError: () => void;
}

function saveSelectedUrl(url: string | null): void {
  if (url === null) removeStorage(agentStorageKeys.selectedUrl);
  else writeStorage(agentStorageKeys.selectedUrl, url);
}

function isAccessible(agent: Agent): boolean {
  const { isAuthenticated, scopes } = useAuthStore.getState();
  return agentAccess(agent, { isAuthenticated, scopes }) === "open";
}

/**
 * The agent to select: the remembered one if still listed and accessible, else the default agent
 * (service-status extension), else the first accessible one.
 */
export function chooseSelectedUrl(
  agents: Agent[],
  remembered: string | null,
  accessible: (agent: Agent) => boolean,
): string | null {
  const usable = agents.filter(accessible);
  const chosen =
    usable.find((agent) => agent.url === remembered) ??
    usable.find((agent) => agent.isDefault) ??
    usable[0];
  return chosen?.url ?? null;
}

function mergeWithExternal(registry: Agent[], external: Agent[]): Agent[] {
  const listed = new Set(registry.map((agent) => agent.url));
  return [...registry, ...external.filter((a) => a.external && !listed.has(a.url))];
}

/** The user's added agents from the server; without a session (or on failure) the ones held. */
async function addedAgents(current: Agent[]): Promise<Agent[]> {
  const { accessToken } = useAuthStore.getState();
  if (!accessToken) return current.filter((a) => a.external);
  try {
    return await fetchExternalAgents();
  } catch (error) {
    logger.warn("Listing added agents failed", error);
    return current.filter((a) => a.external);
  }
}

// Added agents now live on the server; an old browser-side list is dropped.
removeStorage(agentStorageKeys.externalAgents);

let discovery: Promise<void> | null = null;

/** The agents store. */
export const useAgentsStore = create<AgentsState>()((set, get) => ({
  agents: [],
  selectedAgentUrl: readStorage(agentStorageKeys.selectedUrl),
  loading: false,
  error: null,

  discover: () => {
    if (discovery) return discovery;
    set({ loading: true, error: null });
    discovery = (async () => {
      try {
        const [registry, added] = await Promise.all([fetchRegistry(), addedAgents(get().agents)]);
        const agents = mergeWithExternal(registry, added);
        const remembered = get().selectedAgentUrl ?? readStorage(agentStorageKeys.selectedUrl);
        const selectedAgentUrl = chooseSelectedUrl(agents, remembered, isAccessible);
        saveSelectedUrl(selectedAgentUrl);
        set({ agents, selectedAgentUrl, loading: false, error: null });
      } catch (error) {
        logger.warn("Agent discovery failed", error);
        // Our own discovery texts are meant for the user; a network or parse failure is not.
        const message =
          error instanceof AgentDiscoveryError ? error.message : agentMessages.discoveryFailed;
        set({ loading: false, error: message });
      } finally {
        discovery = null;
      }
    })();
    return discovery;
  },

  selectAgent: (url) => {
    if (!get().agents.some((agent) => agent.url === url)) {
      logger.warn("Ignoring selection of an unknown agent", url);
      return;
    }
    saveSelectedUrl(url);
    set({ selectedAgentUrl: url });
  },

  addAgentByUrl: async (url) => {
    // This site's own agents (a proxy URL on this origin, or one the list holds) are refreshed
    // from the card held; any other URL goes to the server, another site's /api/v1/agents/ too.
    const ours =
      isProxyAgentUrl(url) &&
      (goesToThisOrigin(url) || get().agents.some((a) => a.url === url.replace(/\/+$/, "")));
    const agent = ours
      ? await connectAgent(url, {
          knownCard: (candidate) => get().agents.find((a) => a.url === candidate)?.card,
        })
      : await addExternalAgent(url);
    const existing = get().agents;
    const index = existing.findIndex((a) => a.url === agent.url);
    // Re-adding a registry agent refreshes it but keeps it a registry agent.
    const added = index >= 0 ? { ...agent, external: existing[index]?.external ?? true } : agent;
    const agents =
      index >= 0 ? existing.map((a, i) => (i === index ? added : a)) : [...existing, added];
    saveSelectedUrl(added.url);
    set({ agents, selectedAgentUrl: added.url });
    return added;
  },

  removeAgent: (url) => {
    const current = get();
    if (!current.agents.some((agent) => agent.url === url && agent.external)) return;
    const agents = current.agents.filter((agent) => agent.url !== url);
    const selectedAgentUrl =
      current.selectedAgentUrl === url
        ? chooseSelectedUrl(agents, null, isAccessible)
        : current.selectedAgentUrl;
    saveSelectedUrl(selectedAgentUrl);
    set({ agents, selectedAgentUrl });
    removeExternalAgent(url).catch((error: unknown) => {
      logger.warn("Removing the agent failed", error);
      set({ error: error instanceof Error ? error.message : String(error) });
    });
  },

  setCredentialsKind: (url, kind, scheme) =>
    set({
      agents: get().agents.map((agent) =>
        agent.url === url && agent.credentialsKind !== undefined
          ? {
              ...agent,
              credentialsKind: kind,
              ...(agent.signIn ? { signIn: { ...agent.signIn, scheme } } : {}),
            }
          : agent,
      ),
    }),

  clearError: () => set({ error: null }),
}));

/** The listed agent with this url, or null. */
export function selectAgentByUrl(state: Pick<AgentsState, "agents">, url: string) {
  return state.agents.find((agent) => agent.url === url) ?? null;
}

/** The selected agent, or null when none is selected or it is no longer listed. */
export function selectSelectedAgent(state: Pick<AgentsState, "agents" | "selectedAgentUrl">) {
  return state.agents.find((agent) => agent.url === state.selectedAgentUrl) ?? null;
}
