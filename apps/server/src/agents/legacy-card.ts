import type { AgentCard, AgentInterface, SecurityScheme } from "@a2a-js/sdk";

/** An interface entry of a v0.3 card. */
export interface LegacyAgentInterface {
  url: string;
  transport: string;
}

/** A security scheme of a v0.3 card (OpenAPI form); we only ever declare HTTP bearer. */
export interface LegacyHttpSecurityScheme {
  type: "http";
  scheme: string;
  bearerFormat?: string;
  description?: string;
}

/** An agent card in the A2A v0.3 JSON shape, for clients that send `A2A-Version: 0.3`. */
export interface LegacyAgentCard {
  name: string;
  description: string;
  url: string;
  version: string;
  protocolVersion: "0.3.0";
  preferredTransport: string;
  additionalInterfaces: LegacyAgentInterface[];
  capabilities: {
    streaming: boolean;
    pushNotifications: boolean;
    stateTransitionHistory: boolean;
    extensions: {
      uri: string;
      description: string;
      required: boolean;
      params: Record<string, unknown>;
    }[];
  };
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: { id: string; name: string; description: string; tags: string[]; examples: string[] }[];
  provider?: { organization: string; url: string };
  iconUrl?: string;
  documentationUrl?: string;
  securitySchemes?: Record<string, LegacyHttpSecurityScheme>;
  security?: Record<string, string[]>[];
  /** Whether signed-in callers get more with agent/getAuthenticatedExtendedCard. */
  supportsAuthenticatedExtendedCard?: boolean;
  /** The v1.0 interfaces, carried along for v1.0 clients that ask without a version. */
  supportedInterfaces?: AgentInterface[];
}

const isLegacyVersion = (version: string) => version === "0.3" || version.startsWith("0.3.");

/** The interface a v0.3 client should use: the card's 0.3 one, else its preferred one. */
function legacyInterface(card: AgentCard): AgentInterface | undefined {
  return (
    card.supportedInterfaces.find((i) => isLegacyVersion(i.protocolVersion)) ??
    card.supportedInterfaces[0]
  );
}

function legacyScheme(scheme: SecurityScheme): LegacyHttpSecurityScheme | undefined {
  // Our cards only declare bearer auth; other kinds have no 0.3 rendering here and are left out.
  if (scheme.scheme?.$case !== "httpAuthSecurityScheme") return undefined;
  const { value } = scheme.scheme;
  return {
    type: "http",
    // OpenAPI (and so v0.3) scheme names are case-insensitive; lower case is the usual form.
    scheme: value.scheme.toLowerCase(),
    ...(value.bearerFormat ? { bearerFormat: value.bearerFormat } : {}),
    ...(value.description ? { description: value.description } : {}),
  };
}

/**
 * A v1.0 card as a v0.3 card. v0.3 has one `url` per card plus `additionalInterfaces`, all of
 * the card's protocol version, so only the 0.3 interfaces are carried over; the v1.0
 * `stateTransitionHistory` has no field and every task of ours keeps its history, so it is true.
 * With `embedV1Interfaces` the v1.0 interface list rides along (as the SDK's reference server
 * does for requests naming no version), so a v1.0 client reading it still finds its endpoint.
 */
export function toLegacyAgentCard(
  card: AgentCard,
  options: { embedV1Interfaces?: boolean } = {},
): LegacyAgentCard {
  const primary = legacyInterface(card);
  const url = primary?.url ?? "";
  const transport = primary?.protocolBinding || "JSONRPC";
  const additionalInterfaces = card.supportedInterfaces
    .filter((i) => isLegacyVersion(i.protocolVersion))
    .map((i) => ({ url: i.url, transport: i.protocolBinding }));
  const schemes = Object.entries(card.securitySchemes).flatMap(([name, scheme]) => {
    const legacy = legacyScheme(scheme);
    return legacy ? [[name, legacy] as const] : [];
  });
  const security = card.securityRequirements.map((requirement) =>
    Object.fromEntries(
      Object.entries(requirement.schemes).map(([name, scopes]) => [name, [...scopes.list]]),
    ),
  );
  return {
    name: card.name,
    description: card.description,
    url,
    version: card.version,
    protocolVersion: "0.3.0",
    preferredTransport: transport,
    additionalInterfaces:
      additionalInterfaces.length > 0 ? additionalInterfaces : [{ url, transport }],
    capabilities: {
      streaming: card.capabilities?.streaming ?? false,
      pushNotifications: card.capabilities?.pushNotifications ?? false,
      stateTransitionHistory: true,
      extensions: (card.capabilities?.extensions ?? []).map((e) => ({
        uri: e.uri,
        description: e.description,
        required: e.required,
        params: { ...(e.params ?? {}) },
      })),
    },
    defaultInputModes: [...card.defaultInputModes],
    defaultOutputModes: [...card.defaultOutputModes],
    skills: card.skills.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      tags: [...s.tags],
      examples: [...s.examples],
    })),
    ...(card.provider
      ? { provider: { organization: card.provider.organization, url: card.provider.url } }
      : {}),
    ...(card.iconUrl ? { iconUrl: card.iconUrl } : {}),
    ...(card.documentationUrl ? { documentationUrl: card.documentationUrl } : {}),
    ...(schemes.length > 0 ? { securitySchemes: Object.fromEntries(schemes) } : {}),
    ...(security.length > 0 ? { security } : {}),
    ...(card.capabilities?.extendedAgentCard ? { supportsAuthenticatedExtendedCard: true } : {}),
    ...(options.embedV1Interfaces
      ? { supportedInterfaces: card.supportedInterfaces.map((i) => ({ ...i })) }
      : {}),
  };
}

/**
 * Which card a request asks for: `A2A-Version: 0.3` (or `0.3.x`) the v0.3 card; no version at
 * all also the v0.3 card, since only v0.3 clients omit the header (the v1.0 SDK always sends it);
 * any other version the v1.0 card.
 */
export function requestedCard(versionHeader: string | undefined): "legacy" | "unversioned" | "v1" {
  const version = versionHeader?.trim() ?? "";
  if (version === "") return "unversioned";
  return isLegacyVersion(version) ? "legacy" : "v1";
}
