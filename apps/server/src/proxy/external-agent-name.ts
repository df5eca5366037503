import { userAgentNamePrefix } from "../config/agents-schema.js";

/**
 * The name a user-added agent's tasks are stored under: unique, and never one of ours (the config
 * refuses agent names with this prefix).
 */
export function externalAgentName(id: string): string {
  return `${userAgentNamePrefix}${id}`;
}
