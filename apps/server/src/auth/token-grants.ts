import { parseScopes, type TokenGrantReply } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../db/database.js";
import { OauthCodesRepository } from "../db/repositories/oauth-codes.js";
import { RefreshTokensRepository } from "../db/repositories/refresh-tokens.js";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { UsersRepository } from "../db/repositories/users.js";
import type { Database } from "../db/schema.js";
import { holdsAdmin } from "../policies/admins.js";
import type { SecretBox } from "../proxy/secret-box.js";
import type { EventNotifier } from "../stream/notifier.js";
import { type MovedData, moveVisitorData } from "./move-visitor-data.js";
import type { OAuthClients } from "./oauth-clients.js";
import { OAuthError } from "./oauth-error.js";
import { codeVerifierPattern, newSecret, secretHash, verifierMatches } from "./pkce.js";
import type { TokenService } from "./token-service.js";

export interface TokenGrantDeps {
  db: Db;
  tokens: TokenService;
  clients: OAuthClients;
  notifier: EventNotifier;
  refreshLifetimeMs: number;
  /** ADMIN_EMAILS: when not empty, only these e-mails (any case) may hold the admin scope. */
  adminEmails?: readonly string[];
  /** Opens and seals the credentials of a visitor's added agents and servers as they move. */
  credentialsBox?: SecretBox;
  now?: () => Date;
}

/** An anonymous visitor proven by their token, whose data the new sign-in takes over. */
export interface Visitor {
  userId: string;
  sessionId: string;
}

function requireClient(clients: OAuthClients, clientId: string | undefined): string {
  if (!clientId || !clients.isKnown(clientId))
    throw new OAuthError("invalid_client", "Unknown client_id");
  return clientId;
}

async function signIn(
  deps: TokenGrantDeps,
  trx: Kysely<Database>,
  grant: { userId: string; sessionId: string; clientId: string; scope: string },
): Promise<{ reply: () => Promise<TokenGrantReply>; refreshToken: string }> {
  const user = await new UsersRepository(trx).findById(grant.userId);
  if (user?.user_type !== "authenticated") {
    throw new OAuthError("invalid_grant", "The account no longer exists");
  }
  const refreshToken = newSecret();
  await new RefreshTokensRepository(trx, deps.now).create(
    {
      token_hash: secretHash(refreshToken),
      session_id: grant.sessionId,
      user_id: grant.userId,
      client_id: grant.clientId,
      scope: grant.scope,
    },
    deps.refreshLifetimeMs,
  );
  // The stored grant decides, at every sign-in and refresh: a grant or revocation by the admin
  // command reaches the account's next token.
  const scopes = parseScopes(grant.scope).filter((scope) => scope !== "admin");
  if (holdsAdmin(user, deps.adminEmails ?? [])) scopes.push("admin");
  // Signed after commit: a token must never outlive a rolled-back session.
  const reply = async (): Promise<TokenGrantReply> => {
    const token = await deps.tokens.issue({
      userId: user.id,
      sessionId: grant.sessionId,
      userType: "authenticated",
      username: user.username,
      email: user.email,
      scopes,
    });
    return {
      access_token: token.token,
      token_type: "Bearer",
      expires_in: token.expiresIn,
      refresh_token: refreshToken,
      scope: scopes.join(" "),
      user_id: user.id,
      session_id: grant.sessionId,
    };
  };
  return { reply, refreshToken };
}

/**
 * grant_type=authorization_code: the code must be unused and unexpired, issued to this client for
 * this exact redirect URI, and the verifier must hash to its S256 challenge. Every check happens
 * before the code is spent, so a wrong request changes nothing. The code is then spent, a session
 * and refresh token made and, when the request came with a visitor's token, the visitor's data
 * moved to the account, all in one transaction.
 */
export async function exchangeCode(
  deps: TokenGrantDeps,
  form: Record<string, string | undefined>,
  visitor: Visitor | undefined,
): Promise<TokenGrantReply & { moved?: MovedData }> {
  const clientId = requireClient(deps.clients, form.client_id);
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (!code || !redirectUri || !verifier) {
    throw new OAuthError("invalid_request", "code, redirect_uri and code_verifier are required");
  }
  if (!codeVerifierPattern.test(verifier)) {
    throw new OAuthError(
      "invalid_request",
      "code_verifier must be 43 to 128 unreserved characters",
    );
  }
  const codeHash = secretHash(code);
  const codes = new OauthCodesRepository(deps.db.kysely, deps.now);
  const row = await codes.findByHash(codeHash);
  const now = (deps.now ?? (() => new Date()))().toISOString();
  if (!row || row.expires_at <= now) {
    throw new OAuthError("invalid_grant", "The authorization code is unknown or expired");
  }
  if (row.used_at) throw new OAuthError("invalid_grant", "The authorization code was already used");
  if (row.client_id !== clientId) {
    throw new OAuthError("invalid_grant", "The authorization code was issued to another client");
  }
  if (row.redirect_uri !== redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request");
  }
  if (!verifierMatches(verifier, row.code_challenge)) {
    throw new OAuthError("invalid_grant", "The code_verifier does not match the code_challenge");
  }
  let moved: MovedData | undefined;
  const issued = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await new OauthCodesRepository(trx, deps.now).use(codeHash))) {
      throw new OAuthError("invalid_grant", "The authorization code was already used");
    }
    const session = await new SessionsRepository(trx, deps.now).create(row.user_id);
    const signedIn = await signIn(deps, trx, {
      userId: row.user_id,
      sessionId: session.id,
      clientId,
      scope: row.scope,
    });
    if (visitor && visitor.userId !== row.user_id) {
      moved = await moveVisitorData(trx, deps.db, visitor.userId, row.user_id, deps.credentialsBox);
      // The visitor's identity ends here: its token must not go on writing into an empty account.
      await new SessionsRepository(trx, deps.now).revoke(visitor.sessionId);
    }
    return signedIn;
  });
  if (moved && moved.events > 0) deps.notifier.committed([row.user_id]);
  return { ...(await issued.reply()), ...(moved ? { moved } : {}) };
}

/**
 * grant_type=refresh_token with rotation: each refresh token works once and is replaced. A
 * rotated token presented again means it was copied, so the whole session (every token of its
 * chain) is ended.
 */
export async function refreshGrant(
  deps: TokenGrantDeps,
  form: Record<string, string | undefined>,
): Promise<TokenGrantReply> {
  const clientId = requireClient(deps.clients, form.client_id);
  if (!form.refresh_token) throw new OAuthError("invalid_request", "refresh_token is required");
  const tokenHash = secretHash(form.refresh_token);
  const sessions = new SessionsRepository(deps.db.kysely, deps.now);
  const row = await new RefreshTokensRepository(deps.db.kysely, deps.now).findByHash(tokenHash);
  const now = (deps.now ?? (() => new Date()))().toISOString();
  if (!row || row.expires_at <= now) {
    throw new OAuthError("invalid_grant", "The refresh token is unknown or expired");
  }
  if (row.client_id !== clientId) {
    throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
  }
  const reused = async () => {
    await sessions.revoke(row.session_id);
    return new OAuthError(
      "invalid_grant",
      "The refresh token was already used; the session has been ended for safety",
    );
  };
  if (row.rotated_at) throw await reused();
  if (!(await sessions.isActive(row.session_id, row.user_id))) {
    throw new OAuthError("invalid_grant", "The session has ended");
  }
  const issued = await deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await new RefreshTokensRepository(trx, deps.now).rotate(tokenHash))) return undefined;
    await new SessionsRepository(trx, deps.now).markRenewed(row.session_id);
    return signIn(deps, trx, {
      userId: row.user_id,
      sessionId: row.session_id,
      clientId,
      scope: row.scope,
    });
  });
  if (!issued) throw await reused();
  return issued.reply();
}
