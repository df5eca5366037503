import type { Insertable, Kysely } from "kysely";
import type { ArtifactRow, ArtifactsTable, Database } from "../schema.js";

/** Reads and writes artifacts. Lists are newest first. */
export class ArtifactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<ArtifactRow | undefined> {
    return this.db.selectFrom("artifacts").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The artifact of a task carrying a fingerprint, if any. */
  async findByFingerprint(taskId: string, fingerprint: string): Promise<ArtifactRow | undefined> {
    return this.db
      .selectFrom("artifacts")
      .selectAll()
      .where("task_id", "=", taskId)
      .where("fingerprint", "=", fingerprint)
      .executeTakeFirst();
  }

  async listForUser(userId: string, limit: number): Promise<ArtifactRow[]> {
    return this.newestFirst().where("user_id", "=", userId).limit(limit).execute();
  }

  async listForContext(contextId: string, limit: number): Promise<ArtifactRow[]> {
    return this.newestFirst().where("context_id", "=", contextId).limit(limit).execute();
  }

  /** Every artifact of some tasks. */
  async listForTasks(taskIds: readonly string[]): Promise<ArtifactRow[]> {
    if (taskIds.length === 0) return [];
    return this.newestFirst().where("task_id", "in", taskIds).execute();
  }

  async insert(row: Insertable<ArtifactsTable>): Promise<void> {
    await this.db.insertInto("artifacts").values(row).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("artifacts").where("id", "=", id).execute();
  }

  private newestFirst() {
    return this.db
      .selectFrom("artifacts")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");
  }
}
