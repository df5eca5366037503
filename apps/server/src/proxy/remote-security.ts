import { asksForCredentials, externalAgentMessages } from "@a2a-chat/contracts";
import { AgentCard } from "@a2a-js/sdk";
import { parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";

/** Most schemes and requirements kept from an agent's card, and scopes per scheme. */
const maxEntries = 20;
const maxScopes = 50;

/** A security requirement of a v1.0 card (protobuf JSON): scheme name to the scopes it needs. */
export type CardRequirement = { schemes: Record<string, { list: string[] }> };

/** The security an agent added by URL declares for its own sign-in, as v1.0 card JSON. */
export interface RemoteSecurity {
  securitySchemes: Record<string, unknown>;
  securityRequirements: CardRequirement[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const scopesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === "string")
        .slice(0, maxScopes)
        .map((v) => v.slice(0, 200))
    : [];

// The smallest v0.3 card the SDK's translator accepts, to carry one scheme through it.
const legacyShell = {
  name: "-",
  url: "http://-",
  description: "",
  version: "",
  protocolVersion: "0.3.0",
  capabilities: {},
  defaultInputModes: [],
  defaultOutputModes: [],
  skills: [],
};

/**
 * One scheme as v1.0 JSON, through the SDK's own readers: a v0.3 (OpenAPI) object has a `type`,
 * a v1.0 one wraps its kind ({httpAuthSecurityScheme: {…}}). One the SDK cannot read stays, as
 * an empty scheme (shown as unknown): a scheme is never dropped, so the agent is never taken
 * for one that needs no sign-in.
 */
function schemeJson(name: string, raw: unknown): unknown {
  try {
    const card =
      isRecord(raw) && typeof raw.type === "string"
        ? parseLegacyAgentCard({ ...legacyShell, securitySchemes: { [name]: raw } })
        : AgentCard.fromJSON({ securitySchemes: { [name]: raw } });
    const json = AgentCard.toJSON(card);
    const schemes = isRecord(json) && isRecord(json.securitySchemes) ? json.securitySchemes : {};
    return schemes[name] ?? {};
  } catch {
    return {};
  }
}

/**
 * The requirements of either card version: v1.0 `securityRequirements` ([{schemes: {bearer:
 * {list: ["admin"]}}}]) or v0.3 `security` ([{bearer: ["admin"]}]). An entry that is not a
 * list of scopes keeps its scheme with no scopes, so it still counts as a requirement.
 */
function requirementsOf(card: Json): CardRequirement[] {
  const v1 = Array.isArray(card.securityRequirements);
  const entries: unknown[] = v1
    ? (card.securityRequirements as unknown[])
    : Array.isArray(card.security)
      ? card.security
      : [];
  return entries
    .filter(isRecord)
    .slice(0, maxEntries)
    .map((entry) => {
      const schemes = v1 ? (isRecord(entry.schemes) ? entry.schemes : {}) : entry;
      return {
        schemes: Object.fromEntries(
          Object.entries(schemes)
            .slice(0, maxEntries)
            .map(([name, scopes]) => [
              name.slice(0, 200),
              { list: scopesOf(v1 && isRecord(scopes) ? scopes.list : scopes) },
            ]),
        ),
      };
    });
}

/**
 * What an agent's card (v1.0 or v0.3) declares about signing in to the agent itself: its
 * schemes and requirements as v1.0 card JSON. These are the agent's own sign-in, met with the
 * credentials the user stores for it, never this site's scopes.
 */
export function remoteSecurity(card: Json): RemoteSecurity {
  const schemes = isRecord(card.securitySchemes) ? card.securitySchemes : {};
  return {
    securitySchemes: Object.fromEntries(
      Object.entries(schemes)
        .slice(0, maxEntries)
        .map(([name, raw]) => [name.slice(0, 200), schemeJson(name, raw)]),
    ),
    securityRequirements: requirementsOf(card),
  };
}

/**
 * Why a message to an added agent is refused before it goes out: the agent asks for credentials
 * of its own (see asksForCredentials) and the user has stored none. Undefined when it may go.
 */
export function missingCredentialsMessage(card: Json, hasCredentials: boolean): string | undefined {
  if (hasCredentials) return undefined;
  const { securitySchemes, securityRequirements } = remoteSecurity(card);
  const requirements = securityRequirements.map((requirement) =>
    Object.fromEntries(Object.entries(requirement.schemes).map(([name, s]) => [name, s.list])),
  );
  const schemes = Object.keys(securitySchemes);
  if (!asksForCredentials(schemes, requirements)) return undefined;
  const name = typeof card.name === "string" && card.name.trim() ? card.name.trim() : "Agent";
  return externalAgentMessages.credentialsRequired(name.slice(0, 200), schemes);
}
