import { z } from "zod";

/**
 * One security scheme of an added agent's card, as its sign-in offers it: the card's own
 * schemes, read by the server (v1.0 or v0.3 cards alike). `signable` is false for a scheme the
 * product cannot meet (mutual TLS, an OAuth scheme without an authorization-code flow).
 */
export const cardSchemeSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("apiKey"),
    name: z.string(),
    key_name: z.string(),
    location: z.enum(["header", "query", "cookie"]),
    description: z.string().optional(),
    signable: z.boolean(),
  }),
  z.object({
    type: z.literal("http"),
    name: z.string(),
    /** bearer or basic (others cannot be signed in to). */
    scheme: z.string(),
    description: z.string().optional(),
    signable: z.boolean(),
  }),
  z.object({
    type: z.literal("oauth2"),
    name: z.string(),
    scopes: z.array(z.string()),
    description: z.string().optional(),
    signable: z.boolean(),
  }),
  z.object({
    type: z.literal("openIdConnect"),
    name: z.string(),
    description: z.string().optional(),
    signable: z.boolean(),
  }),
  z.object({
    type: z.literal("other"),
    name: z.string(),
    description: z.string().optional(),
    signable: z.literal(false),
  }),
]);
/** A security scheme of an added agent's card. */
export type CardScheme = z.infer<typeof cardSchemeSchema>;

/** How the user is signed in to an added agent (shown with it; never the secrets). */
export const agentSignInSchema = z.object({
  /** The card's schemes, in the card's order. */
  schemes: z.array(cardSchemeSchema),
  /** The scheme the stored credentials meet, when they came from the card. */
  scheme: z.string().optional(),
  /** OAuth: whether tokens are kept. */
  status: z.enum(["signed_in", "sign_in_required"]).optional(),
});
/** Sign-in of an added agent. */
export type AgentSignIn = z.infer<typeof agentSignInSchema>;

const secret = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => !/[\r\n\0]/.test(value), "must be one line");

/**
 * Body of POST /api/v1/agents/external/{id}/sign-in: meets one of the card's schemes. API key
 * and HTTP bearer take `value`, HTTP basic `username` and `password`; OAuth 2.0 and OpenID
 * Connect take a client id (and secret) only when the authorization server offers no
 * dynamic registration.
 */
export const agentSignInBodySchema = z
  .object({
    scheme: z.string().min(1).max(200),
    value: secret.optional(),
    username: z
      .string()
      .max(1024)
      .refine((v) => !/[\r\n\0:]/.test(v), "must be one line without ':'")
      .optional(),
    password: secret.optional(),
    client_id: z.string().min(1).max(512).optional(),
    client_secret: secret.optional(),
  })
  .strict();
/** Body of signing in to an added agent. */
export type AgentSignInBody = z.infer<typeof agentSignInBodySchema>;

/** Answer of POST …/sign-in: stored at once, or the authorization server's page to visit. */
export const agentSignInResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("signed_in") }),
  z.object({ status: z.literal("redirect"), authorization_url: z.string() }),
]);
/** Result of signing in to an added agent. */
export type AgentSignInResult = z.infer<typeof agentSignInResultSchema>;

/** Texts of signing in to an added agent from its card. */
export const agentSignInMessages = {
  unknownScheme: (scheme: string) => `The agent's card declares no security scheme ${scheme}`,
  unsupported: (scheme: string) => `Scheme ${scheme} cannot be signed in to here`,
  valueRequired: (scheme: string) => `Enter the value for ${scheme}`,
  basicRequired: "Enter a username and a password",
  clientIdRequired: (host: string) =>
    `${host} offers no client registration: enter the client ID registered for this site with it`,
  discoveryFailed: (reason: string) => `The agent's authorization server was not found: ${reason}`,
  failed: (reason: string) => `Signing in failed: ${reason}`,
  signedIn: (name: string) => `Signed in to ${name}. You can close this page and go back.`,
} as const;
