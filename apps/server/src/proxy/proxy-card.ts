import { absoluteHttpUrl } from "./agent-card-discovery.js";
import { offersExtendedCard } from "./remote-extended-card.js";
import { declaredExtensions } from "./remote-extensions.js";
import { remoteSecurity } from "./remote-security.js";

function text(value: unknown, max: number): string {
  return typeof value === "string" ? value.slice(0, max) : "";
}

function texts(value: unknown, max: number): string[] {
  return Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === "string")
        .slice(0, 50)
        .map((v) => v.slice(0, max))
    : [];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The card the browser gets for a user-added agent (protocol 1.0 JSON): the agent's own name,
 * description, skills and links, but its only endpoint is this site's proxy URL (reached with our
 * session) and links other than absolute http(s) URLs are dropped. The security schemes and
 * requirements it declares (0.3 `security` or 1.0 `securityRequirements`) are kept, as v1.0
 * JSON: they describe signing in to the agent itself, met by the credentials the user stores
 * for it (see agentNeedsCredentials), not this site's scopes. Its extensions are listed, and
 * whether it has an authenticated extended card (fetched through …/{id}/extended-card).
 */
export function proxyCardJson(
  remote: Record<string, unknown>,
  proxyUrl: string,
): Record<string, unknown> {
  const provider = record(remote.provider);
  const providerUrl = absoluteHttpUrl(provider.url);
  const iconUrl = absoluteHttpUrl(remote.iconUrl);
  const documentationUrl = absoluteHttpUrl(remote.documentationUrl);
  const modes = (value: unknown) => {
    const list = texts(value, 100);
    return list.length > 0 ? list : ["text/plain"];
  };
  const iface = (protocolVersion: string) => ({
    url: proxyUrl,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion,
  });
  return {
    name: text(remote.name, 200).trim() || "Agent",
    description: text(remote.description, 4000),
    version: text(remote.version, 100),
    supportedInterfaces: [iface("1.0"), iface("0.3")],
    ...(providerUrl && typeof provider.organization === "string"
      ? { provider: { organization: text(provider.organization, 200), url: providerUrl } }
      : {}),
    ...(iconUrl ? { iconUrl } : {}),
    ...(documentationUrl ? { documentationUrl } : {}),
    capabilities: {
      streaming: true,
      pushNotifications: false,
      // What the agent declares, for the details dialog (URI, required, description); params
      // are the agent's business and stay off this card.
      extensions: declaredExtensions(remote),
      ...(offersExtendedCard(remote) ? { extendedAgentCard: true } : {}),
    },
    ...remoteSecurity(remote),
    defaultInputModes: modes(remote.defaultInputModes),
    defaultOutputModes: modes(remote.defaultOutputModes),
    skills: (Array.isArray(remote.skills) ? remote.skills : []).slice(0, 100).map((raw, index) => {
      const skill = record(raw);
      return {
        id: text(skill.id, 200) || `skill-${index + 1}`,
        name: text(skill.name, 200) || text(skill.id, 200) || `Skill ${index + 1}`,
        description: text(skill.description, 2000),
        tags: texts(skill.tags, 100),
        examples: texts(skill.examples, 1000),
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      };
    }),
    signatures: [],
  };
}

/** Whether the agent's card says it streams (v1.0 and v0.3 both use capabilities.streaming). */
export function cardStreams(remote: Record<string, unknown>): boolean {
  return record(remote.capabilities).streaming === true;
}
