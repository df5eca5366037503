import { supportedExtensionUris } from "@a2a-chat/contracts";
import type { Agent } from "./agent-types.js";

/** URIs of the agent card extensions our server publishes (docs/agents.md, Extensions). */
export const agentExtensionUris = {
  systemInstructions: "urn:a2a-chat:extension:system-instructions:v1",
  serviceStatus: "urn:a2a-chat:extension:service-status:v1",
  mcpServers: "urn:a2a-chat:extension:mcp-servers:v1",
  tools: "urn:a2a-chat:extension:tools:v1",
} as const;

/** Whether this client understands an extension (contracts declares which, in one place). */
export function isSupportedExtension(uri: string): boolean {
  return supportedExtensionUris.includes(uri);
}

/**
 * The header naming the extensions this client supports that the agent declares: A2A-Extensions
 * (v0.3: X-A2A-Extensions), or undefined when there are none.
 */
export function extensionHeaderOf(
  agent: Pick<Agent, "extensions" | "protocol">,
): [string, string] | undefined {
  const active = (agent.extensions ?? []).map((e) => e.uri).filter(isSupportedExtension);
  if (active.length === 0) return undefined;
  const name = agent.protocol === "0.3" ? "X-A2A-Extensions" : "A2A-Extensions";
  return [name, [...new Set(active)].join(", ")];
}
