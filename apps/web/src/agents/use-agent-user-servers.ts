import { agentUserServersPath, agentUserServersSchema } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import type { Agent } from "../api/agent-types.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";
import { useAuthStore } from "../stores/auth-store.js";

/** One of the user's MCP servers an agent may use. */
export interface AgentUserServer {
  id: string;
  name: string;
}

/**
 * The user's own MCP servers this agent of the site may call in their turns, asked of the server
 * each time the details open (the choice is made in the Tools column). Agents added by URL run
 * elsewhere and are never lent one; without a session there is nothing to ask.
 */
export function useAgentUserServers(agent: Agent | null): AgentUserServer[] {
  const [servers, setServers] = useState<AgentUserServer[]>([]);
  const token = useAuthStore((s) => s.accessToken);
  const name = agent && !agent.external ? agent.name : null;
  useEffect(() => {
    setServers([]);
    if (!name || !token) return;
    let current = true;
    authenticatedRequest<unknown>(agentUserServersPath(name))
      .then((answer) => {
        if (current) setServers(agentUserServersSchema.parse(answer).data);
      })
      .catch(() => {
        // Not listed when it cannot be asked; the agent's own servers are still shown.
      });
    return () => {
      current = false;
    };
  }, [name, token]);
  return servers;
}
