import type { Kysely } from "kysely";

/** The periodic prune finds expired authorization codes and refresh tokens by their expiry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("oauth_codes_expires_idx")
    .on("oauth_codes")
    .column("expires_at")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_expires_idx")
    .on("refresh_tokens")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("refresh_tokens_expires_idx").execute();
  await db.schema.dropIndex("oauth_codes_expires_idx").execute();
}
