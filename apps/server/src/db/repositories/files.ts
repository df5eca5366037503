import type { Kysely } from "kysely";
import type { Database, FileRow } from "../schema.js";

/** What is recorded when an upload starts. */
export interface NewFile {
  id: string;
  userId: string;
  contextId: string;
  name: string;
  mimeType: string;
  createdAt: string;
}

/** Uploaded files and their chunks. Reads that serve a file take the owner, so ids never leak. */
export class FilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an upload that has started: incomplete, no bytes yet. */
  async start(file: NewFile): Promise<void> {
    await this.db
      .insertInto("files")
      .values({
        id: file.id,
        user_id: file.userId,
        context_id: file.contextId,
        name: file.name,
        mime_type: file.mimeType,
        size: 0,
        complete: 0,
        created_at: file.createdAt,
      })
      .execute();
  }

  async addChunk(fileId: string, seq: number, data: Uint8Array): Promise<void> {
    await this.db.insertInto("file_chunks").values({ file_id: fileId, seq, data }).execute();
  }

  /** Marks an upload whole, with its size. */
  async complete(fileId: string, size: number): Promise<void> {
    await this.db
      .updateTable("files")
      .set({ complete: 1, size })
      .where("id", "=", fileId)
      .execute();
  }

  /** The user's complete file with this id, or undefined (another user's reads as missing). */
  findForUser(userId: string, id: string): Promise<FileRow | undefined> {
    return this.db
      .selectFrom("files")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("complete", "=", 1)
      .executeTakeFirst();
  }

  /** The bytes of chunk `seq`, or undefined past the last. */
  async chunk(fileId: string, seq: number): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom("file_chunks")
      .select("data")
      .where("file_id", "=", fileId)
      .where("seq", "=", seq)
      .executeTakeFirst();
    return row?.data;
  }

  /** Deletes a file and its chunks (the chunks go by cascade). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("files").where("id", "=", id).execute();
  }

  /** Deletes a user's uploads that never completed and began before `before` (a crash's leftovers). */
  async deleteStaleUploads(userId: string, before: string): Promise<void> {
    await this.db
      .deleteFrom("files")
      .where("user_id", "=", userId)
      .where("complete", "=", 0)
      .where("created_at", "<", before)
      .execute();
  }
}
