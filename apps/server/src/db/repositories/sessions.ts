import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { activeSessions } from "../../auth/active-session-cache.js";
import type { Database, SessionRow } from "../schema.js";

/** Reads and writes the sessions behind tokens. */
export class SessionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string): Promise<SessionRow> {
    const at = this.now().toISOString();
    const row: SessionRow = {
      id: randomUUID(),
      user_id: userId,
      created_at: at,
      renewed_at: at,
      revoked_at: null,
    };
    await this.db.insertInto("sessions").values(row).execute();
    return row;
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Whether the session exists, belongs to the user and is not revoked. */
  async isActive(id: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("sessions")
      .select("revoked_at")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  /** Records that a new token was issued for the session. */
  async markRenewed(id: string): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ renewed_at: this.now().toISOString() })
      .where("id", "=", id)
      .execute();
  }

  /** Revokes the session; tokens issued for it stop working at once. */
  async revoke(id: string): Promise<boolean> {
    // Before: a read under way is not cached. After: nor one that read the row meanwhile.
    activeSessions.forget(id);
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: this.now().toISOString() })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    activeSessions.forget(id);
    return result.numUpdatedRows > 0n;
  }

  /** Revokes every active session of a user (signed out everywhere); returns how many. */
  async revokeAllOf(userId: string): Promise<number> {
    const active = await this.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
    for (const { id } of active) activeSessions.forget(id);
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: this.now().toISOString() })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    for (const { id } of active) activeSessions.forget(id);
    return Number(result.numUpdatedRows);
  }

  /**
   * Deletes sessions nothing can use any more: revoked ones, and those last renewed before
   * `renewedBefore` (their tokens expired and no renewal or refresh window is left). Tokens of a
   * deleted session are refused as those of a revoked one are.
   */
  async pruneEnded(renewedBefore: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where((eb) =>
        eb.or([
          eb("revoked_at", "is not", null),
          eb("renewed_at", "<", renewedBefore.toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
