import { type AgentCredentials, agentCredentialsSchema } from "@a2a-chat/contracts";
import { z } from "zod";
import type { OAuthState } from "../oauth-client/oauth-state.js";
import { credentialHeaders } from "./agent-credentials.js";
import type { SecretBox } from "./secret-box.js";

/**
 * Credentials met from one of the card's schemes other than OAuth: an API key where the scheme
 * puts it (header, query or cookie), or an HTTP bearer/basic Authorization header.
 */
const cardCredentialsSchema = z
  .object({
    kind: z.literal("card"),
    scheme: z.string(),
    /** What the API shows as the credentials' kind. */
    shown: z.enum(["api_key", "bearer", "basic"]),
    location: z.enum(["header", "query", "cookie"]),
    name: z.string(),
    value: z.string(),
  })
  .strict();
/** Credentials met from a card's API key or HTTP scheme. */
export type CardCredentials = z.infer<typeof cardCredentialsSchema>;

/** What is kept (encrypted) for a user-added agent: typed by hand, from its card, or OAuth. */
export type StoredAgentCredentials = AgentCredentials | CardCredentials | OAuthState;

/** The stored credentials of an agent row, decrypted; none when the row has none. */
export function openAgentCredentials(
  sealed: string | null,
  boundTo: string,
  box: SecretBox | undefined,
): StoredAgentCredentials {
  if (sealed === null) return { kind: "none" };
  if (!box) throw new Error("agent credentials are stored but OUTBOUND_CREDENTIALS_KEY is not set");
  const plain = JSON.parse(box.open(sealed, boundTo)) as { kind?: unknown };
  if (plain?.kind === "oauth") return plain as OAuthState;
  if (plain?.kind === "card") return cardCredentialsSchema.parse(plain);
  return agentCredentialsSchema.parse(plain);
}

/** What goes with every request to the agent's origin: headers, and query parameters. */
export interface AgentAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
}

/** The headers and query parameters the proxy sends the agent for its stored credentials. */
export function agentAuthOf(stored: StoredAgentCredentials): AgentAuth {
  if (stored.kind === "oauth")
    return {
      headers: stored.tokens ? { authorization: `Bearer ${stored.tokens.access_token}` } : {},
      query: {},
    };
  if (stored.kind !== "card") return { headers: credentialHeaders(stored), query: {} };
  switch (stored.location) {
    case "query":
      return { headers: {}, query: { [stored.name]: stored.value } };
    case "cookie":
      return { headers: { cookie: `${stored.name}=${stored.value}` }, query: {} };
    default:
      return { headers: { [stored.name.toLowerCase()]: stored.value }, query: {} };
  }
}

/** Whether the stored credentials can be sent (an OAuth sign-in counts once it holds tokens). */
export function hasUsableCredentials(stored: StoredAgentCredentials): boolean {
  if (stored.kind === "oauth") return !!stored.tokens;
  return stored.kind !== "none";
}

/** The kind the API shows (an OAuth sign-in without tokens yet shows none). */
export function shownKind(
  stored: StoredAgentCredentials,
): "none" | "bearer" | "api_key" | "headers" | "basic" | "oauth" {
  if (stored.kind === "card") return stored.shown;
  if (stored.kind === "oauth") return stored.tokens ? "oauth" : "none";
  return stored.kind;
}

/** The URL with the credentials' query parameters set (replacing any of the same name). */
export function withQuery(url: string, query: Record<string, string>): string {
  const entries = Object.entries(query);
  if (entries.length === 0) return url;
  const target = new URL(url);
  for (const [name, value] of entries) target.searchParams.set(name, value);
  return target.href;
}
