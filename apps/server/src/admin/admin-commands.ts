import { type PrunedRecords, pruneExpiredRecords } from "../auth/expired-records.js";
import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { type AccountSummary, type UserRecord, UsersRepository } from "../db/repositories/users.js";
import { adminEmailAllowed } from "../policies/admins.js";
import { EventLog } from "../stream/event-log.js";

/** What the admin command works on: the server's own database and configuration. */
export interface AdminDeps {
  db: Db;
  config: Config;
  now?: () => Date;
}

/** A request the command refuses (an unknown e-mail, an address outside ADMIN_EMAILS). */
export class AdminRefusal extends Error {
  override name = "AdminRefusal";
}

const dayMs = 86_400_000;

async function accountOf(deps: AdminDeps, email: string): Promise<UserRecord> {
  const account = await new UsersRepository(deps.db.kysely).findByEmail(email.trim());
  if (account?.user_type !== "authenticated") {
    throw new AdminRefusal(
      `No account has the e-mail ${email.trim()}. The person registers a passkey with it first (in the chat: Sign in, then Create account); list the accounts with: npm run admin -- list`,
    );
  }
  return account;
}

/**
 * Makes an account an admin. Its tokens carry the admin scope from its next sign-in or token
 * refresh (within TOKEN_LIFETIME_SECONDS; the web client refreshes on its own). An account that
 * ADMIN_EMAILS leaves out is refused: the grant would not take effect.
 */
export async function grantAdmin(
  deps: AdminDeps,
  email: string,
): Promise<{ account: UserRecord; already: boolean }> {
  const account = await accountOf(deps, email);
  const allowList = deps.config.auth.adminEmails;
  if (!adminEmailAllowed(allowList, account.email)) {
    throw new AdminRefusal(
      `${account.email} is not in ADMIN_EMAILS (${allowList.join(", ")}): add it there as well, or leave ADMIN_EMAILS empty, and grant again.`,
    );
  }
  if (account.admin_since !== null) return { account, already: true };
  const since = (deps.now ?? (() => new Date()))().toISOString();
  await new UsersRepository(deps.db.kysely, deps.now).setAdminSince(account.id, since);
  return { account: { ...account, admin_since: since }, already: false };
}

/**
 * Takes admin away and ends the account's sessions in the same transaction, so no token with
 * the admin scope outlives the command: the person signs in again, as an ordinary user.
 */
export async function revokeAdmin(
  deps: AdminDeps,
  email: string,
): Promise<{ account: UserRecord; wasAdmin: boolean; sessionsEnded: number }> {
  const account = await accountOf(deps, email);
  if (account.admin_since === null) return { account, wasAdmin: false, sessionsEnded: 0 };
  const sessionsEnded = await deps.db.kysely.transaction().execute(async (trx) => {
    await new UsersRepository(trx, deps.now).setAdminSince(account.id, null);
    return new SessionsRepository(trx, deps.now).revokeAllOf(account.id);
  });
  return { account: { ...account, admin_since: null }, wasAdmin: true, sessionsEnded };
}

/**
 * Signs an account out everywhere: every session is revoked, so its access tokens are refused on
 * the next request on every server process and its refresh tokens no longer work.
 */
export async function revokeSessions(
  deps: AdminDeps,
  email: string,
): Promise<{ account: UserRecord; sessionsEnded: number }> {
  const account = await accountOf(deps, email);
  const sessionsEnded = await new SessionsRepository(deps.db.kysely, deps.now).revokeAllOf(
    account.id,
  );
  return { account, sessionsEnded };
}

/** The accounts, oldest first, with their admin grant and open sessions. */
export function listAccounts(
  deps: AdminDeps,
  options: { adminsOnly?: boolean } = {},
): Promise<AccountSummary[]> {
  return new UsersRepository(deps.db.kysely).listAccounts(options);
}

/** How many rows of each kind a prune deleted. */
export interface PruneReport extends PrunedRecords {
  sessions: number;
  events: number;
}

/**
 * Deletes what can no longer be used, as the server does for sign-in records every 10 minutes
 * and for the event log past STREAM_RETENTION_HOURS, plus sessions that ended: revoked or signed
 * out, or last renewed longer ago than any token, refresh or renewal window reaches.
 */
export async function pruneExpired(deps: AdminDeps): Promise<PruneReport> {
  const now = (deps.now ?? (() => new Date()))();
  const { auth, stream } = deps.config;
  const records = await pruneExpiredRecords(deps.db.kysely, now);
  const windowMs =
    Math.max(auth.anonymousRenewalDays, auth.refreshTokenDays) * dayMs +
    auth.tokenLifetimeSeconds * 1000;
  const sessions = await new SessionsRepository(deps.db.kysely, deps.now).pruneEnded(
    new Date(now.getTime() - windowMs),
  );
  const events = await new EventLog(deps.db.dialect, deps.db.location).prune(
    deps.db.kysely,
    new Date(now.getTime() - stream.retentionHours * 3_600_000),
  );
  return { ...records, sessions, events };
}
