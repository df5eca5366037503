import type { Insertable, Kysely } from "kysely";
import type {
  ArtifactRow,
  ArtifactsTable,
  Database,
  FileRow,
  MessageRow,
  MessagesTable,
  TaskRow,
  TasksTable,
} from "../schema.js";

/** Rows written per statement when a conversation is written whole. */
const batch = 200;

/** A complete uploaded file with all its bytes. */
export interface FileWithBytes {
  row: FileRow;
  bytes: Buffer;
}

/** Reads (export, share) and writes (import) everything one conversation holds, in order. */
export class ConversationRowsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  tasks(contextId: string): Promise<TaskRow[]> {
    return this.db
      .selectFrom("tasks")
      .selectAll()
      .where("context_id", "=", contextId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  messages(contextId: string): Promise<MessageRow[]> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("context_id", "=", contextId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  artifacts(contextId: string): Promise<ArtifactRow[]> {
    return this.db
      .selectFrom("artifacts")
      .selectAll()
      .where("context_id", "=", contextId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The conversation's complete uploads with their bytes, oldest first. */
  async files(contextId: string): Promise<FileWithBytes[]> {
    const rows = await this.db
      .selectFrom("files")
      .selectAll()
      .where("context_id", "=", contextId)
      .where("complete", "=", 1)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const found: FileWithBytes[] = [];
    for (const row of rows) {
      const chunks = await this.db
        .selectFrom("file_chunks")
        .select("data")
        .where("file_id", "=", row.id)
        .orderBy("seq")
        .execute();
      found.push({ row, bytes: Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.data))) });
    }
    return found;
  }

  /** Writes rows in batches (the index triggers run for each row, in this transaction). */
  async insertAll(rows: {
    tasks: Insertable<TasksTable>[];
    messages: Insertable<MessagesTable>[];
    artifacts: Insertable<ArtifactsTable>[];
  }): Promise<void> {
    for (let i = 0; i < rows.tasks.length; i += batch) {
      await this.db
        .insertInto("tasks")
        .values(rows.tasks.slice(i, i + batch))
        .execute();
    }
    for (let i = 0; i < rows.messages.length; i += batch) {
      await this.db
        .insertInto("messages")
        .values(rows.messages.slice(i, i + batch))
        .execute();
    }
    for (let i = 0; i < rows.artifacts.length; i += batch) {
      await this.db
        .insertInto("artifacts")
        .values(rows.artifacts.slice(i, i + batch))
        .execute();
    }
  }

  /** Writes a complete file of a conversation with its bytes, in chunks of `chunkBytes`. */
  async insertFile(
    row: Insertable<Database["files"]>,
    bytes: Buffer,
    chunkBytes: number,
  ): Promise<void> {
    await this.db.insertInto("files").values(row).execute();
    for (let seq = 0; seq * chunkBytes < bytes.length; seq += 1) {
      const data = bytes.subarray(seq * chunkBytes, (seq + 1) * chunkBytes);
      await this.db.insertInto("file_chunks").values({ file_id: row.id, seq, data }).execute();
    }
  }

  /** Sets a conversation's counters after it was written whole. */
  async setStats(
    contextId: string,
    stats: { messages: number; tasks: number; bytes: number; lastMessageAt: string | null },
  ): Promise<void> {
    await this.db
      .updateTable("contexts")
      .set({
        message_count: stats.messages,
        task_count: stats.tasks,
        storage_bytes: stats.bytes,
        last_message_at: stats.lastMessageAt,
      })
      .where("id", "=", contextId)
      .execute();
  }
}
