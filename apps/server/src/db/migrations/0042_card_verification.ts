import type { Kysely } from "kysely";

/**
 * How an added agent's card signatures checked out when it was discovered (JSON of
 * CardVerification in contracts), or null for rows added before cards were checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("external_agents").addColumn("card_verification", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("external_agents").dropColumn("card_verification").execute();
}
