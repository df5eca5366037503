import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../log/logger.js";

/** A started ceremony may be finished for this long. */
export const challengeLifetimeMs = 5 * 60_000;
/** A finished ceremony may be turned into a code for this long after it was verified. */
export const ceremonyWindowMs = 5 * 60_000;
/** An authorization code must be exchanged within this time. */
export const codeLifetimeMs = 60_000;
/** How often each process removes what can no longer be used. */
export const pruneIntervalMs = 10 * 60_000;

/** How many rows of each kind a prune removed. */
export interface PrunedRecords {
  challenges: number;
  codes: number;
  refreshTokens: number;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * Deletes the sign-in records nothing can use any more: WebAuthn ceremonies past their expiry
 * and the window in which a verified one may still become a code, authorization codes past their
 * expiry (used or not), and refresh tokens that expired or whose session ended. Each is one
 * plain DELETE, so replicas pruning at the same moment are harmless: a row goes once, the others
 * find nothing.
 */
export async function pruneExpiredRecords(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<PrunedRecords> {
  const at = now.toISOString();
  // A ceremony verified just before its expiry may be completed for ceremonyWindowMs more.
  const ceremoniesBefore = new Date(now.getTime() - ceremonyWindowMs).toISOString();
  const challenges = deleted(
    await db
      .deleteFrom("webauthn_challenges")
      .where("expires_at", "<", ceremoniesBefore)
      .executeTakeFirst(),
  );
  const codes = deleted(
    await db.deleteFrom("oauth_codes").where("expires_at", "<", at).executeTakeFirst(),
  );
  const refreshTokens = deleted(
    await db
      .deleteFrom("refresh_tokens")
      .where((eb) =>
        eb.or([
          eb("expires_at", "<", at),
          eb(
            "session_id",
            "in",
            eb.selectFrom("sessions").select("id").where("revoked_at", "is not", null),
          ),
        ]),
      )
      .executeTakeFirst(),
  );
  return { challenges, codes, refreshTokens };
}

/** A process's periodic prune; stop it on shutdown. */
export interface PruneTimer {
  stop(): void;
}

/** Prunes now and then every intervalMs, on every replica; failures are logged, never thrown. */
export function startPruning(
  db: Kysely<Database>,
  logger: Logger,
  intervalMs = pruneIntervalMs,
): PruneTimer {
  const run = () => {
    pruneExpiredRecords(db).then(
      (pruned) => {
        if (pruned.challenges + pruned.codes + pruned.refreshTokens > 0) {
          logger.debug(pruned, "pruned expired sign-in records");
        }
      },
      (error: unknown) => logger.warn({ err: error }, "pruning expired sign-in records failed"),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
