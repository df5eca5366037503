import { agentExtensionUris } from "./agent-extensions.js";
import {
  type Agent,
  type AgentExtension,
  type AgentMcpServer,
  type AgentSkill,
  type AgentStatus,
  agentStatuses,
} from "./agent-types.js";

type Json = Record<string, unknown>;

/** Where the card came from: the URL it was discovered at, and whether the user added it. */
export interface CardToAgentOptions {
  /** The URL the card was fetched for: resolves relative interface URLs and is the last fallback. */
  url?: string;
  external: boolean;
  /** When the card was read (ms since the epoch); now by default. */
  readAt?: number;
}

interface CardInterface {
  url: string;
  binding: string;
  version: string;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 ? value : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

const isLegacyVersion = (version: string) => version === "0.3" || version.startsWith("0.3.");

// A v1.0 card lists its endpoints in supportedInterfaces; a v0.3 card has one url plus
// additionalInterfaces, all of the card's own protocolVersion.
function interfacesOf(card: Json): CardInterface[] {
  if (Array.isArray(card.supportedInterfaces)) {
    return records(card.supportedInterfaces).flatMap((entry) => {
      const url = text(entry.url);
      if (!url) return [];
      const binding = text(entry.protocolBinding) ?? text(entry.transport) ?? "JSONRPC";
      return [{ url, binding, version: text(entry.protocolVersion) ?? "1.0" }];
    });
  }
  const version = text(card.protocolVersion) ?? "0.3";
  const primary = text(card.url);
  const main = primary
    ? [{ url: primary, binding: text(card.preferredTransport) ?? "JSONRPC", version }]
    : [];
  const additional = records(card.additionalInterfaces).flatMap((entry) => {
    const url = text(entry.url);
    return url ? [{ url, binding: text(entry.transport) ?? "JSONRPC", version }] : [];
  });
  return [...main, ...additional];
}

const isJsonRpc = (binding: string) => binding.replace(/[-_]/g, "").toUpperCase() === "JSONRPC";

function resolveUrl(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return url;
  }
}

function chooseEndpoint(card: Json, options: CardToAgentOptions): Pick<Agent, "url" | "protocol"> {
  const interfaces = interfacesOf(card);
  const legacyShape = !Array.isArray(card.supportedInterfaces);
  const onlyLegacy = interfaces.length > 0 && interfaces.every((i) => isLegacyVersion(i.version));
  const protocol = legacyShape || onlyLegacy ? "0.3" : "1.0";
  const ofProtocol = interfaces.filter((i) => isLegacyVersion(i.version) === (protocol === "0.3"));
  const candidates = legacyShape ? interfaces : ofProtocol;
  const chosen = candidates.find((i) => isJsonRpc(i.binding)) ?? candidates[0];
  const url = chosen?.url ?? options.url;
  if (!url) throw new Error("Invalid agent card: it names no endpoint URL");
  return { url: resolveUrl(url, options.url), protocol };
}

function extensionParams(card: Json, uri: string): Json {
  const capabilities = isRecord(card.capabilities) ? card.capabilities : {};
  const found = records(capabilities.extensions).find((e) => e.uri === uri);
  return found && isRecord(found.params) ? found.params : {};
}

function extensionsOf(card: Json): AgentExtension[] {
  const capabilities = isRecord(card.capabilities) ? card.capabilities : {};
  return records(capabilities.extensions).flatMap((extension) => {
    const uri = text(extension.uri);
    if (!uri) return [];
    return [
      {
        uri,
        required: extension.required === true,
        description: text(extension.description) ?? "",
      },
    ];
  });
}

function statusOf(value: unknown): AgentStatus {
  return agentStatuses.find((status) => status === value) ?? "Unknown";
}

function skillsOf(card: Json): AgentSkill[] {
  return records(card.skills).flatMap((skill) => {
    const name = text(skill.name) ?? text(skill.id);
    if (!name) return [];
    return [
      {
        id: text(skill.id) ?? name,
        name,
        description: text(skill.description) ?? "",
        tags: strings(skill.tags),
      },
    ];
  });
}

function mcpServersOf(params: Json): AgentMcpServer[] {
  return records(params.servers).flatMap((server) => {
    const name = text(server.name);
    if (!name) return [];
    const entry: AgentMcpServer = { name };
    const version = text(server.version);
    const endpoint = text(server.endpoint);
    const status = text(server.status);
    if (version) entry.version = version;
    if (endpoint) entry.endpoint = endpoint;
    if (status) entry.status = status;
    return [entry];
  });
}

// v1.0 schemes are one-of objects ({httpAuthSecurityScheme: {...}}); v0.3 ones are OpenAPI
// objects ({type: "http", scheme: "bearer"}). Either way the UI wants one readable line.
function describeScheme(scheme: unknown): string {
  if (!isRecord(scheme)) return "Unknown scheme";
  const [kind, body] =
    Object.entries(scheme).find(
      ([key, value]) => key.endsWith("SecurityScheme") && isRecord(value),
    ) ?? [];
  const details: Json = kind && isRecord(body) ? body : scheme;
  const own = text(details.description);
  if (own) return own;
  switch (kind ?? text(scheme.type)) {
    case "httpAuthSecurityScheme":
    case "http": {
      const format = text(details.bearerFormat);
      return `HTTP ${text(details.scheme) ?? "auth"}${format ? ` (${format})` : ""}`;
    }
    case "apiKeySecurityScheme":
    case "apiKey":
      return `API key in ${text(details.location) ?? text(details.in) ?? "request"}`;
    case "oauth2SecurityScheme":
    case "oauth2":
      return "OAuth 2.0";
    case "openIdConnectSecurityScheme":
    case "openIdConnect":
      return "OpenID Connect";
    case "mtlsSecurityScheme":
    case "mutualTLS":
      return "Mutual TLS";
    default:
      return kind ?? text(scheme.type) ?? "Unknown scheme";
  }
}

function securitySchemesOf(card: Json): Record<string, string> {
  const schemes = isRecord(card.securitySchemes) ? card.securitySchemes : {};
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => [name, describeScheme(scheme)]),
  );
}

function securityOf(card: Json): Record<string, string[]>[] {
  if (Array.isArray(card.securityRequirements)) {
    // v1.0: [{schemes: {bearer: {list: ["admin"]}}}]
    return records(card.securityRequirements).map((requirement) => {
      const schemes = isRecord(requirement.schemes) ? requirement.schemes : {};
      return Object.fromEntries(
        Object.entries(schemes).map(([name, scopes]) => [
          name,
          strings(isRecord(scopes) ? scopes.list : scopes),
        ]),
      );
    });
  }
  // v0.3: [{bearer: ["admin"]}]
  return records(card.security).map((requirement) =>
    Object.fromEntries(
      Object.entries(requirement).map(([name, scopes]) => [name, strings(scopes)]),
    ),
  );
}

function providerOf(card: Json): Agent["provider"] {
  if (!isRecord(card.provider)) return undefined;
  const organization = text(card.provider.organization);
  if (!organization) return undefined;
  const url = text(card.provider.url);
  return url ? { organization, url } : { organization };
}

function requireCard(card: unknown): Json {
  if (!isRecord(card)) throw new Error("Invalid agent card: expected a JSON object");
  if (!text(card.name)) throw new Error("Invalid agent card: it has no name");
  if (!Array.isArray(card.supportedInterfaces) && !text(card.url)) {
    throw new Error("Invalid agent card: it has neither supportedInterfaces nor url");
  }
  return card;
}

/**
 * Normalises an agent card of either shape (protocol 1.0 or 0.3) into an Agent, reading our
 * extensions. Throws an Error naming the problem when the value is not an agent card.
 */
export function cardToAgent(card: unknown, options: CardToAgentOptions): Agent {
  const json = requireCard(card);
  const name = text(json.name) as string;
  const capabilities = isRecord(json.capabilities) ? json.capabilities : {};
  const status = extensionParams(json, agentExtensionUris.serviceStatus);
  const instructions = extensionParams(json, agentExtensionUris.systemInstructions);
  const agent: Agent = {
    ...chooseEndpoint(json, options),
    name,
    displayName: text(status.displayName) ?? name,
    description: text(json.description) ?? "",
    capabilities: {
      streaming: capabilities.streaming === true,
      pushNotifications: capabilities.pushNotifications === true,
      stateTransitionHistory:
        capabilities.stateTransitionHistory === true || status.stateTransitionHistory === true,
    },
    skills: skillsOf(json),
    securitySchemes: securitySchemesOf(json),
    security: securityOf(json),
    status: statusOf(status.status),
    isDefault: status.default === true,
    mcpServers: mcpServersOf(extensionParams(json, agentExtensionUris.mcpServers)),
    extensions: extensionsOf(json),
    // v1.0 capabilities.extendedAgentCard, v0.3 supportsAuthenticatedExtendedCard.
    extendedCard:
      capabilities.extendedAgentCard === true || json.supportsAuthenticatedExtendedCard === true,
    card: json,
    external: options.external,
  };
  const optional = {
    iconUrl: text(json.iconUrl),
    version: text(json.version),
    provider: providerOf(json),
    documentationUrl: text(json.documentationUrl),
    systemInstructions: text(instructions.instructions),
    port: count(status.port),
    pid: count(status.pid),
    uptimeSeconds: count(status.uptimeSeconds),
    uptimeReadAt:
      count(status.uptimeSeconds) === undefined ? undefined : (options.readAt ?? Date.now()),
    model: text(status.model),
  };
  // Absent optional fields stay absent rather than present-but-undefined.
  const present = Object.entries(optional).filter(([, value]) => value !== undefined);
  return { ...agent, ...(Object.fromEntries(present) as Partial<Agent>) };
}
