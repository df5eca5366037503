/** The name a user-added agent's tasks are stored under (unique, never one of ours). */
export function externalAgentName(id: string): string {
  return `external-${id}`;
}
