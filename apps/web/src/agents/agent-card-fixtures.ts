import { agentExtensionUris } from "../api/agent-extensions.js";
import type { Agent } from "../api/agent-types.js";
import { cardToAgent } from "../api/card-to-agent.js";

/** Test fixtures: agent cards exactly as our server serves them (agent-cards.ts, legacy-card.ts). */

const origin = "https://chat.example.com";

/** What varies between fixture agents. */
export interface FixtureOptions {
  name: string;
  displayName?: string;
  description?: string;
  requiredScopes?: string[];
  isDefault?: boolean;
  status?: string;
  mcpServers?: string[];
  skills?: { id: string; name: string; description: string; tags: string[] }[];
}

/** The endpoint URL our server gives an agent. */
export const fixtureAgentUrl = (name: string) => `${origin}/api/v1/agents/${name}`;

function extensions(o: FixtureOptions) {
  return [
    {
      uri: agentExtensionUris.systemInstructions,
      description: "The agent's system instructions",
      params: { instructions: `You are ${o.name}.` },
    },
    {
      uri: agentExtensionUris.serviceStatus,
      description: "Whether the agent is running, and where",
      params: {
        status: o.status ?? "Running",
        port: 8080,
        pid: 42,
        uptimeSeconds: 7500,
        default: o.isDefault ?? false,
        displayName: o.displayName ?? o.name,
        model: "auto",
        serverVersion: "0.1.0",
        stateTransitionHistory: true,
      },
    },
    {
      uri: agentExtensionUris.mcpServers,
      description: "MCP servers the agent may use",
      params: {
        servers: (o.mcpServers ?? ["analytics"]).map((name) => ({
          name,
          version: "1.0.0",
          endpoint: `${origin}/api/v1/mcp/${name}`,
          status: "configured",
        })),
      },
    },
    {
      uri: agentExtensionUris.tools,
      description: "The agent calls MCP tools and returns their results as artifacts",
      params: { supported: true, servers: o.mcpServers ?? ["analytics"] },
    },
  ];
}

const defaultSkills = [
  { id: "chat", name: "Chat", description: "Talks", tags: ["general"], examples: ["hi"] },
];

/** A v1.0 card (protobuf JSON form, as the registry lists it). */
export function v1Card(o: FixtureOptions): Record<string, unknown> {
  const url = fixtureAgentUrl(o.name);
  const scopes = o.requiredScopes ?? [];
  return {
    name: o.name,
    description: o.description ?? `The ${o.name} agent`,
    supportedInterfaces: [
      { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    ],
    provider: { url: "https://github.com/a2a-chat", organization: "A2A Chat" },
    version: "1.0.0",
    documentationUrl: "https://docs.example.com/agents",
    capabilities: {
      streaming: true,
      pushNotifications: true,
      extensions: extensions(o),
      extendedAgentCard: false,
    },
    ...(scopes.length > 0
      ? {
          securitySchemes: {
            bearer: {
              httpAuthSecurityScheme: {
                description: `Bearer token from /api/v1/core/oauth; needs one of the scopes: ${scopes.join(", ")}`,
                scheme: "Bearer",
                bearerFormat: "JWT",
              },
            },
          },
          securityRequirements: [{ schemes: { bearer: { list: scopes } } }],
        }
      : {}),
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: (o.skills ?? defaultSkills).map((s) => ({ examples: [], ...s })),
  };
}

/** The same card in the v0.3 shape (what a client sending A2A-Version: 0.3 receives). */
export function v03Card(o: FixtureOptions): Record<string, unknown> {
  const url = fixtureAgentUrl(o.name);
  const scopes = o.requiredScopes ?? [];
  return {
    name: o.name,
    description: o.description ?? `The ${o.name} agent`,
    url,
    version: "1.0.0",
    protocolVersion: "0.3.0",
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url, transport: "JSONRPC" }],
    capabilities: {
      streaming: true,
      pushNotifications: false,
      stateTransitionHistory: true,
      extensions: extensions(o).map((e) => ({ ...e, required: false })),
    },
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: (o.skills ?? defaultSkills).map((s) => ({ examples: [], ...s })),
    provider: { organization: "A2A Chat", url: "https://github.com/a2a-chat" },
    ...(scopes.length > 0
      ? {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          },
          security: [{ bearer: scopes }],
        }
      : {}),
  };
}

/** An agent made from a v1.0 fixture card, as the registry would give it. */
export function fixtureAgent(o: FixtureOptions, overrides: Partial<Agent> = {}): Agent {
  return { ...cardToAgent(v1Card(o), { external: false }), ...overrides };
}
