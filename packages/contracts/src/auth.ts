import { z } from "zod";

/** The message of every 401 caused by a token (and the text the client reacts to). */
export const invalidTokenMessage = "Invalid or expired JWT token";

/** Token lifetime when the server config does not say otherwise, in seconds. */
export const defaultTokenLifetimeSeconds = 3600;

export const userTypes = ["anon", "authenticated"] as const;
/** anon: an anonymous visitor; authenticated: signed in with a passkey. */
export type UserType = (typeof userTypes)[number];

/** Reply of POST /api/v1/core/oauth/session (and later of the passkey token exchange). */
export const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  user_id: z.string().min(1),
  session_id: z.string().min(1),
  expires_in: z.number().int().positive(),
});
/** Reply of POST /api/v1/core/oauth/session. */
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** Claims of a session token. */
export const tokenClaimsSchema = z.object({
  sub: z.string().min(1),
  session_id: z.string().min(1),
  scope: z.string(),
  user_type: z.enum(userTypes),
  username: z.string(),
  email: z.string().optional(),
  iat: z.number(),
  exp: z.number(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  jti: z.string(),
});
/** Claims of a session token. */
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** Reply of GET /api/v1/core/me: who the bearer token belongs to. */
export const meResponseSchema = z.object({
  user_id: z.string(),
  session_id: z.string(),
  user_type: z.enum(userTypes),
  username: z.string(),
  email: z.string().nullable(),
  scopes: z.array(z.string()),
});
/** Reply of GET /api/v1/core/me. */
export type MeResponse = z.infer<typeof meResponseSchema>;
