import { useEffect } from "react";
import type { Agent } from "../api/agent-types.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { loadingContextId } from "../stores/contexts-reducers.js";
import { loadHistory, resumeActiveTasks } from "./engine/chat-actions.js";
import { useWelcomeMessage } from "./engine/useWelcomeMessage.js";

/** The registry agent that ran a stored task (tasks name their agent, not its url). */
export function agentNamed(name: string): Agent | undefined {
  return useAgentsStore.getState().agents.find((agent) => agent.name === name && !agent.external);
}

/**
 * The registry agent that ran a stored task, once the agent list is there: a reload asks for the
 * conversation's tasks and for the registry at once, and the tasks often come first. While the
 * registry is still loading this waits for it, so a reply still running is followed again instead
 * of being left without its agent.
 */
export async function agentNamedOnceListed(name: string): Promise<Agent | undefined> {
  const found = agentNamed(name);
  if (found || !useAgentsStore.getState().loading) return found;
  await useAgentsStore.getState().discover();
  return agentNamed(name);
}

/**
 * What opening a conversation sets off: its history loads from the server, then replies still
 * running there are followed again (after a reload or coming back from another conversation), and
 * on a first visit the welcome message goes to the agent.
 */
export function useConversationLifecycle(contextId: string, agent: Agent | null | undefined): void {
  useEffect(() => {
    if (!contextId || contextId === loadingContextId) return;
    let cancelled = false;
    void loadHistory(contextId).then(() => {
      if (!cancelled) return resumeActiveTasks(agentNamedOnceListed, contextId);
    });
    return () => {
      cancelled = true;
    };
  }, [contextId]);
  useWelcomeMessage(agent);
}
