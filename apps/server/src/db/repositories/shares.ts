import type { Kysely } from "kysely";
import type { Database, ShareRow } from "../schema.js";

/** Share links of conversations. Owner reads and deletes take the owner, so ids never leak. */
export class SharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ShareRow): Promise<void> {
    await this.db.insertInto("shares").values(row).execute();
  }

  /** A share by its secret id: what the link shows, for anyone holding it. */
  find(id: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom("shares").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A user's shares, newest first, without their snapshots. */
  listForUser(userId: string): Promise<Omit<ShareRow, "snapshot">[]> {
    return this.db
      .selectFrom("shares")
      .select(["id", "user_id", "context_id", "up_to_message_id", "name", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  /** Deletes one of a user's shares; false when they have none with this id. */
  async deleteForUser(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("shares")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
