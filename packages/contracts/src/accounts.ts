import { z } from "zod";

/** The web client's OAuth client id (tools spec §9). */
export const webClientId = "sp_web";
/** The scope a passkey sign-in asks for and signed-in tokens carry. */
export const accountScope = "user";
/** Length of the PKCE code verifier the web client makes (tools spec §9). */
export const pkceVerifierLength = 43;
/** Length of the OAuth state the web client makes (tools spec §9). */
export const oauthStateLength = 32;
/** The sign-in modal closes this long after success (tools spec §9). */
export const signInCloseDelayMs = 1000;
/** The registration modal closes this long after success (tools spec §9). */
export const registrationCloseDelayMs = 1500;
/** Response header of register/start that carries the challenge id (tools spec §7). */
export const challengeIdHeader = "X-Challenge-Id";
/** Where the OAuth redirect form of the passkey flow lands. */
export const authCallbackPath = "/auth/callback";

/** Validation texts of the sign-in and registration modals (tools spec §5). */
export const accountMessages = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be at least 3 characters",
  usernameTooLong: "Username must be less than 50 characters",
  usernameCharacters: "Username can only contain letters, numbers, underscores, and hyphens",
  fullNameTooLong: "Full name must be at most 200 characters",
} as const;

const maxEmailLength = 320;

/**
 * Whether text looks like an e-mail address: one "@", a non-empty local part, a domain with an
 * inner dot, no spaces. Written without a regular expression so it stays linear on any input.
 */
export function looksLikeEmail(text: string): boolean {
  if (text.length > maxEmailLength) return false;
  const at = text.indexOf("@");
  if (at < 1 || at !== text.lastIndexOf("@")) return false;
  for (const ch of text) if (ch.trim() === "") return false;
  const domain = text.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  return dot > 0 && dot < domain.length - 1 && !domain.startsWith(".");
}

/** The first problem with an e-mail address, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === "") return accountMessages.emailRequired;
  if (!looksLikeEmail(email.trim())) return accountMessages.emailInvalid;
  return undefined;
}

/** The first problem with a username, or undefined. */
export function usernameProblem(username: string): string | undefined {
  const name = username.trim();
  if (name === "") return accountMessages.usernameRequired;
  if (name.length < 3) return accountMessages.usernameTooShort;
  if (name.length > 50) return accountMessages.usernameTooLong;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return accountMessages.usernameCharacters;
  return undefined;
}

/** Registration input (tools spec §3); the texts of its problems are the spec's. */
export const registrationInputSchema = z.object({
  username: z
    .string({ error: accountMessages.usernameRequired })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const problem = usernameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  email: z
    .string({ error: accountMessages.emailRequired })
    .transform((value) => value.trim().toLowerCase())
    .superRefine((value, ctx) => {
      const problem = emailProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  full_name: z
    .string()
    .transform((value) => value.trim())
    .pipe(z.string().max(200, accountMessages.fullNameTooLong))
    .optional(),
});
/** Registration input: username, email, optional full name. */
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** Reply of register/finish and auth/finish. */
export const passkeyFinishReplySchema = z.object({ user_id: z.string().min(1) });

/** Reply of auth/start: the ceremony id and the WebAuthn request options. */
export const authStartReplySchema = z.object({
  challenge_id: z.string().min(1),
  publicKey: z.record(z.string(), z.unknown()),
});

/** Reply of GET /oauth/webauthn/complete. */
export const authorizationCodeReplySchema = z.object({
  authorization_code: z.string().min(1),
  state: z.string(),
  redirect_uri: z.string(),
});

/** Reply of POST /oauth/token (both grants). */
export const tokenGrantReplySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  scope: z.string(),
  user_id: z.string().min(1),
  session_id: z.string().min(1),
});
/** Reply of POST /oauth/token. */
export type TokenGrantReply = z.infer<typeof tokenGrantReplySchema>;

/**
 * OAuth and passkey error codes (RFC 6749 §5.2 plus the account ones) and their statuses. The
 * passkey and token endpoints answer {error, error_description}.
 */
export const oauthErrorStatus = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  invalid_scope: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_challenge: 400,
  invalid_credential: 400,
  account_exists: 409,
  credential_exists: 409,
} as const;
/** An OAuth or passkey error code. */
export type OAuthErrorCode = keyof typeof oauthErrorStatus;

/** Body of every passkey and token endpoint error. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

const base64url = z
  .string()
  .min(1)
  .max(65_536)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** A passkey made by the browser (WebAuthn RegistrationResponseJSON). */
export const registrationCredentialSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** A passkey signature made by the browser (WebAuthn AuthenticationResponseJSON). */
export const authenticationCredentialSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** Body of POST /oauth/webauthn/register/finish. */
export const registerFinishBodySchema = z.object({
  challenge_id: z.string().min(1).max(64),
  username: z.string().max(200),
  email: z.string().max(400),
  full_name: z.string().max(400).optional(),
  credential: registrationCredentialSchema,
});

/** Body of POST /oauth/webauthn/auth/finish. */
export const authFinishBodySchema = z.object({
  challenge_id: z.string().min(1).max(64),
  credential: authenticationCredentialSchema,
});
