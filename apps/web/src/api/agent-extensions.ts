/** URIs of the agent card extensions our server publishes (docs/agents.md, Extensions). */
export const agentExtensionUris = {
  systemInstructions: "urn:a2a-chat:extension:system-instructions:v1",
  serviceStatus: "urn:a2a-chat:extension:service-status:v1",
  mcpServers: "urn:a2a-chat:extension:mcp-servers:v1",
  tools: "urn:a2a-chat:extension:tools:v1",
} as const;
