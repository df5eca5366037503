import type { TokenReply } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { UsersRepository } from "../db/repositories/users.js";
import type { Database } from "../db/schema.js";
import { InvalidTokenError, type TokenService } from "./token-service.js";

/** Username and scope of every anonymous visitor. */
export const anonymousUsername = "Anonymous";
export const anonymousScope = "anonymous";

export interface AnonymousSessionDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  /** How long after its last token an anonymous session may still be renewed. */
  renewalWindowMs: number;
  now?: () => Date;
}

function reply(
  token: { token: string; expiresIn: number },
  userId: string,
  sessionId: string,
): TokenReply {
  return {
    access_token: token.token,
    token_type: "Bearer",
    user_id: userId,
    session_id: sessionId,
    expires_in: token.expiresIn,
  };
}

/**
 * Issues an anonymous token. A previous anonymous token that verifies (expired or not) renews
 * its own session when that session is active and inside the renewal window, so the visitor keeps
 * their identity and data; anything else starts a new anonymous user and session.
 */
export async function startAnonymousSession(
  deps: AnonymousSessionDeps,
  previousToken?: string,
): Promise<TokenReply> {
  const now = deps.now ?? (() => new Date());
  if (previousToken) {
    const renewed = await renew(deps, previousToken, now);
    if (renewed) return renewed;
  }
  const { user, session } = await deps.db.transaction().execute(async (trx) => {
    const user = await new UsersRepository(trx, now).create({
      userType: "anon",
      username: anonymousUsername,
    });
    const session = await new SessionsRepository(trx, now).create(user.id);
    return { user, session };
  });
  const token = await deps.tokens.issue({
    userId: user.id,
    sessionId: session.id,
    userType: "anon",
    username: anonymousUsername,
    email: null,
    scopes: [anonymousScope],
  });
  return reply(token, user.id, session.id);
}

async function renew(
  deps: AnonymousSessionDeps,
  previousToken: string,
  now: () => Date,
): Promise<TokenReply | undefined> {
  let claims: Awaited<ReturnType<TokenService["verifyIgnoringExpiry"]>>;
  try {
    claims = await deps.tokens.verifyIgnoringExpiry(previousToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) return undefined;
    throw error;
  }
  if (claims.user_type !== "anon") return undefined;
  const sessions = new SessionsRepository(deps.db, now);
  const session = await sessions.findById(claims.session_id);
  if (!session || session.user_id !== claims.sub || session.revoked_at !== null) return undefined;
  if (now().getTime() - Date.parse(session.renewed_at) > deps.renewalWindowMs) return undefined;
  await sessions.markRenewed(session.id);
  const token = await deps.tokens.issue({
    userId: claims.sub,
    sessionId: session.id,
    userType: "anon",
    username: anonymousUsername,
    email: null,
    scopes: [anonymousScope],
  });
  return reply(token, claims.sub, session.id);
}
