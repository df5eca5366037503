import type { McpRegistryEntry } from "@a2a-chat/contracts";
import { AgentCard, type AgentExtension, type SecurityScheme } from "@a2a-js/sdk";
import type { AgentConfig, Config } from "../config/schema.js";
import { version as serverVersion } from "../version.js";

/** Extension URIs of ours on every agent card (documented in docs/agents.md). */
export const extensionUris = {
  systemInstructions: "urn:a2a-chat:extension:system-instructions:v1",
  serviceStatus: "urn:a2a-chat:extension:service-status:v1",
  mcpServers: "urn:a2a-chat:extension:mcp-servers:v1",
  tools: "urn:a2a-chat:extension:tools:v1",
} as const;

/** Name of the bearer security scheme agents with required scopes declare. */
export const bearerSchemeName = "bearer";

/** What a card says about the process serving it. */
export interface CardHost {
  /** Origin the agents are reached at: PUBLIC_URL, else the request's origin. */
  origin: string;
  port: number;
  pid: number;
  uptimeSeconds: number;
}

/** The agent that is the default: the one marked so, else the first declared. */
export function defaultAgentName(config: Config): string | undefined {
  return (config.agents.find((agent) => agent.default) ?? config.agents[0])?.name;
}

/** The agents in registry order: the default first, then as declared. */
export function agentsInRegistryOrder(config: Config): AgentConfig[] {
  const first = defaultAgentName(config);
  return [
    ...config.agents.filter((agent) => agent.name === first),
    ...config.agents.filter((agent) => agent.name !== first),
  ];
}

/** The A2A endpoint of an agent. */
export function agentUrl(origin: string, name: string): string {
  return `${origin.replace(/\/+$/, "")}/api/v1/agents/${name}`;
}

function extension(
  uri: string,
  description: string,
  params: Record<string, unknown>,
): AgentExtension {
  return { uri, description, required: false, params };
}

function securityOf(
  agent: AgentConfig,
): Pick<AgentCard, "securitySchemes" | "securityRequirements"> {
  if (agent.requiredScopes.length === 0) return { securitySchemes: {}, securityRequirements: [] };
  const scheme: SecurityScheme = {
    scheme: {
      $case: "httpAuthSecurityScheme",
      value: {
        description: `Bearer token from /api/v1/core/oauth; needs one of the scopes: ${agent.requiredScopes.join(", ")}`,
        scheme: "Bearer",
        bearerFormat: "JWT",
      },
    },
  };
  return {
    securitySchemes: { [bearerSchemeName]: scheme },
    securityRequirements: [
      { schemes: { [bearerSchemeName]: { list: [...agent.requiredScopes] } } },
    ],
  };
}

/**
 * How the card shows one of the agent's MCP servers: as the registry lists it (real endpoint, its
 * secrets redacted, the version the server reports, its status), or "unknown" when no server of
 * that name is configured.
 */
function mcpServerOnCard(name: string, entries: readonly McpRegistryEntry[]) {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) return { name, version: "", endpoint: "", status: "unknown" };
  return { name, version: entry.version, endpoint: entry.endpoint, status: entry.status };
}

/**
 * Who a card is for: anyone (the public card), or a caller signed in with a passkey (the
 * authenticated extended card, which adds the skills marked signedInOnly).
 */
export type CardAudience = "public" | "signed-in";

/**
 * The v1.0 agent card of a configured agent, as the SDK types it. `mcpEntries` are the MCP
 * registry's entries of (at least) the agent's servers.
 */
export function buildAgentCard(
  agent: AgentConfig,
  config: Config,
  host: CardHost,
  mcpEntries: readonly McpRegistryEntry[] = [],
  audience: CardAudience = "public",
): AgentCard {
  const url = agentUrl(host.origin, agent.name);
  const isDefault = defaultAgentName(config) === agent.name;
  const iface = (protocolVersion: string) => ({
    url,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion,
  });
  return {
    name: agent.name,
    description: agent.description,
    supportedInterfaces: [iface("1.0"), iface("0.3")],
    provider: { organization: agent.provider.organization, url: agent.provider.url },
    version: agent.version,
    ...(agent.documentationUrl ? { documentationUrl: agent.documentationUrl } : {}),
    ...(agent.iconUrl ? { iconUrl: agent.iconUrl } : {}),
    capabilities: {
      streaming: true,
      // Push URLs are vetted at registration and delivered through guardedFetch (see
      // guarded-push-store.ts and guarded-push-sender.ts), never by the SDK's default sender.
      pushNotifications: true,
      // Every agent serves one: signed-in callers see the skills kept off the public card.
      extendedAgentCard: true,
      extensions: [
        extension(extensionUris.systemInstructions, "The agent's system instructions", {
          instructions: agent.systemPrompt,
        }),
        extension(extensionUris.serviceStatus, "Whether the agent is running, and where", {
          status: "Running",
          port: host.port,
          pid: host.pid,
          uptimeSeconds: host.uptimeSeconds,
          default: isDefault,
          displayName: agent.displayName ?? agent.name,
          model: agent.model,
          serverVersion,
          // The v1.0 card has no capabilities.stateTransitionHistory; every task keeps its
          // history and status timestamps, which is what v0.3 clients read that flag for.
          stateTransitionHistory: true,
        }),
        extension(extensionUris.mcpServers, "MCP servers the agent may use", {
          servers: agent.mcpServers.map((name) => mcpServerOnCard(name, mcpEntries)),
        }),
        extension(
          extensionUris.tools,
          "The agent calls MCP tools and returns their results as artifacts",
          {
            supported: true,
            servers: [...agent.mcpServers],
          },
        ),
      ],
    },
    ...securityOf(agent),
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: agent.skills
      .filter((skill) => audience === "signed-in" || !skill.signedInOnly)
      .map((skill) => ({
        id: skill.id,
        name: skill.name,
        description: skill.description,
        tags: [...skill.tags],
        examples: [...skill.examples],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      })),
    signatures: [],
  };
}

/** The card as v1.0 JSON (protobuf JSON form, which the SDK's card resolver reads). */
export function agentCardJson(card: AgentCard): unknown {
  return AgentCard.toJSON(card);
}
