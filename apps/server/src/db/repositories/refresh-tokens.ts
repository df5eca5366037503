import type { Kysely, Selectable } from "kysely";
import type { Database, RefreshTokensTable } from "../schema.js";

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Refresh tokens, kept by hash; each is rotated (used) once, and a session owns its chain. */
export class RefreshTokensRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(
    row: Omit<RefreshTokenRow, "created_at" | "expires_at" | "rotated_at">,
    lifetimeMs: number,
  ): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto("refresh_tokens")
      .values({
        ...row,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
        rotated_at: null,
      })
      .execute();
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token rotated; false when it already was. */
  async rotate(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable("refresh_tokens")
      .set({ rotated_at: this.now().toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("rotated_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
