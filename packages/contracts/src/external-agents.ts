import { z } from "zod";
import { cardVerificationSchema } from "./agent-card-trust.js";
import { agentSignInSchema } from "./agent-sign-in.js";
import { redactUrl } from "./redact-url.js";
import type { SecurityRequirement } from "./scopes.js";

/** Path of the agents a user added by URL; each is proxied at `${externalAgentsPath}/{id}`. */
export const externalAgentsPath = "/api/v1/agents/external";

/**
 * Texts of adding an agent by URL (core spec §8, agent card and agent discovery). The URL in
 * them is redacted (see redactUrl), as the MCP form shows its URLs: a secret typed into it is
 * not echoed.
 */
export const externalAgentMessages = {
  cardFetchFailed: (url: string) => `Failed to fetch agent card from ${redactUrl(url)}`,
  connectFailed: (url: string) => `Failed to connect to agent at ${redactUrl(url)}`,
  connectError: (message: string) => `Error connecting to agent: ${message}`,
  /** Credentials were sent but the server has no key to keep them encrypted. */
  noCredentialsKey:
    "This server cannot store agent credentials: its administrator has not set OUTBOUND_CREDENTIALS_KEY",
  /** A message to an added agent that asks for its own sign-in, with no credentials stored. */
  credentialsRequired: (name: string, schemes: readonly string[]) =>
    `${name} requires you to sign in to it (${schemes.join(", ") || "security"}): save its credentials first (its Connection, or PUT ${externalAgentsPath}/{id}/credentials)`,
} as const;

/**
 * Whether an added agent's card asks callers for credentials of its own: it declares a security
 * scheme or requirement, and none of its requirements is empty (an empty one, `{}`, lets
 * callers in without any). Schemes without requirements count: unclear security is not taken
 * for none.
 */
export function asksForCredentials(
  schemeNames: readonly string[],
  requirements: readonly SecurityRequirement[],
): boolean {
  if (requirements.some((requirement) => Object.keys(requirement).length === 0)) return false;
  return requirements.length > 0 || schemeNames.length > 0;
}

const headerName = z
  .string()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, "must be an HTTP header name");
const headerValue = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => !/[\r\n\0]/.test(value), "must be one line");

/** How the server authenticates to an agent a user added; kept encrypted, never sent back. */
export const agentCredentialsSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }).strict(),
  z.object({ kind: z.literal("bearer"), token: headerValue }).strict(),
  z.object({ kind: z.literal("api_key"), header: headerName, value: headerValue }).strict(),
  z
    .object({ kind: z.literal("headers"), headers: z.record(headerName, headerValue) })
    .strict()
    .refine((c) => Object.keys(c.headers).length <= 20, "at most 20 headers"),
]);
/** Credentials of a user-added agent. */
export type AgentCredentials = z.infer<typeof agentCredentialsSchema>;

/** Body of POST /api/v1/agents/external: adds an agent, or replaces the one with the same url. */
export const addExternalAgentBodySchema = z
  .object({
    url: z.string().min(1).max(2048),
    credentials: agentCredentialsSchema.optional(),
  })
  .strict();
/** Body of adding an agent by URL. */
export type AddExternalAgentBody = z.infer<typeof addExternalAgentBodySchema>;

/** A user-added agent as the API shows it: the card is our proxy's card, never the secrets. */
export const externalAgentSchema = z.object({
  id: z.string(),
  /** The URL the user added. */
  url: z.string(),
  /** Where the browser reaches the agent: this site's proxy. */
  proxy_url: z.string(),
  /** The protocol the server speaks to the agent. */
  protocol: z.enum(["1.0", "0.3"]),
  /** The proxy's agent card (protocol 1.0 JSON, endpoint on this site). */
  card: z.record(z.string(), z.unknown()),
  /** What is stored: typed by hand, or met from the card's schemes (basic, OAuth included). */
  credentials_kind: z.enum(["none", "bearer", "api_key", "headers", "basic", "oauth"]),
  /** The card's security schemes and how the user is signed in with them. */
  sign_in: agentSignInSchema.optional(),
  /** How the card's signatures checked out when it was discovered. */
  card_verification: cardVerificationSchema.optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A user-added agent. */
export type ExternalAgent = z.infer<typeof externalAgentSchema>;

/** GET /api/v1/agents/external. */
export const externalAgentListSchema = z.object({ data: z.array(externalAgentSchema) });

/** Body of PUT …/{id}/credentials: replaces an added agent's or tool server's credentials. */
export const updateCredentialsBodySchema = z
  .object({ credentials: agentCredentialsSchema })
  .strict();
/** Body of replacing stored credentials. */
export type UpdateCredentialsBody = z.infer<typeof updateCredentialsBodySchema>;

/** GET …/{id}/extended-card: the agent's authenticated extended card, fetched as the user. */
export const externalExtendedCardSchema = z.object({
  card: z.record(z.string(), z.unknown()),
  card_verification: cardVerificationSchema,
});
/** An added agent's extended card. */
export type ExternalExtendedCard = z.infer<typeof externalExtendedCardSchema>;
