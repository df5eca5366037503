import type { Kysely, Selectable } from "kysely";
import type { Database, OauthCodesTable } from "../schema.js";

export type OauthCodeRow = Selectable<OauthCodesTable>;

/** Authorization codes, kept by hash: single use, short-lived, bound to client, URI, PKCE and user. */
export class OauthCodesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(
    row: Omit<OauthCodeRow, "created_at" | "expires_at" | "used_at">,
    lifetimeMs: number,
  ): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto("oauth_codes")
      .values({
        ...row,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
        used_at: null,
      })
      .execute();
  }

  async findByHash(codeHash: string): Promise<OauthCodeRow | undefined> {
    return this.db
      .selectFrom("oauth_codes")
      .selectAll()
      .where("code_hash", "=", codeHash)
      .executeTakeFirst();
  }

  /** Marks the code used; false when it already was (another request won). */
  async use(codeHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable("oauth_codes")
      .set({ used_at: this.now().toISOString() })
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
