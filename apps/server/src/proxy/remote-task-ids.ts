import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Our task id → the agent's task id, for answers to a task that asked for input. */
export interface RemoteTaskIds {
  get(taskId: string): Promise<string | undefined>;
  set(taskId: string, remoteId: string): Promise<void>;
  forget(taskId: string): Promise<void>;
}

/** Key of the agent's task id in our task's metadata. */
export const remoteTaskIdKey = "remote_task_id";

/** Kept in this process only (tests; a runner without a database). */
export class MemoryRemoteTaskIds implements RemoteTaskIds {
  private readonly ids = new Map<string, string>();
  async get(taskId: string) {
    return this.ids.get(taskId);
  }
  async set(taskId: string, remoteId: string) {
    this.ids.set(taskId, remoteId);
  }
  async forget(taskId: string) {
    this.ids.delete(taskId);
  }
}

/**
 * Kept in our task's metadata, so the answer to an agent's question continues the agent's task
 * whichever replica it lands on.
 */
export class StoredRemoteTaskIds implements RemoteTaskIds {
  constructor(private readonly db: Kysely<Database>) {}

  private async metadataOf(db: Kysely<Database>, taskId: string) {
    const row = await db
      .selectFrom("tasks")
      .select("metadata")
      .where("id", "=", taskId)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      const parsed: unknown = JSON.parse(row.metadata);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  async get(taskId: string) {
    const value = (await this.metadataOf(this.db, taskId))?.[remoteTaskIdKey];
    return typeof value === "string" && value ? value : undefined;
  }

  private change(taskId: string, edit: (metadata: Record<string, unknown>) => void) {
    return this.db.transaction().execute(async (trx) => {
      const metadata = await this.metadataOf(trx, taskId);
      if (!metadata) return;
      edit(metadata);
      await trx
        .updateTable("tasks")
        .set({ metadata: JSON.stringify(metadata) })
        .where("id", "=", taskId)
        .execute();
    });
  }

  async set(taskId: string, remoteId: string) {
    await this.change(taskId, (metadata) => {
      metadata[remoteTaskIdKey] = remoteId;
    });
  }

  async forget(taskId: string) {
    await this.change(taskId, (metadata) => {
      delete metadata[remoteTaskIdKey];
    });
  }
}
