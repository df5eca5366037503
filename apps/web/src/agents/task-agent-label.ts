import type { TaskMetadata } from "@a2a-chat/contracts";
import type { Agent } from "../api/agent-types.js";
import { externalAgentId } from "../api/agents-api.js";

/** How a tool the user ran directly is shown where an agent's name would be. */
export const toolRunLabel = (server: string | undefined) => (server ? `Tool: ${server}` : "Tool");

/** The server's name of an agent the user added by URL (external-{id}, as tasks record it). */
const externalPrefix = "external-";

/**
 * The name a task's agent goes by, as the rest of the app shows it: the name it showed when it
 * worked on the task; else, for a tool the user ran, the tool's server; else the listed agent's
 * shown name (ours by its name, an added one by its id); else the recorded name.
 */
export function taskAgentLabel(
  metadata: Pick<
    TaskMetadata,
    "agent_name" | "agent_display_name" | "task_type" | "mcp_server_name"
  >,
  agents: readonly Agent[],
): string {
  if (metadata.agent_display_name) return metadata.agent_display_name;
  if (metadata.task_type === "mcp_execution") return toolRunLabel(metadata.mcp_server_name);
  const name = metadata.agent_name;
  const listed = name.startsWith(externalPrefix)
    ? agents.find((a) => a.external && externalAgentId(a.url) === name.slice(externalPrefix.length))
    : agents.find((a) => !a.external && a.name === name);
  return listed?.displayName ?? name;
}
