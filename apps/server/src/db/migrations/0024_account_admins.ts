import type { Kysely } from "kysely";

/**
 * Who is an admin lives in the database, set only by the admin command run on the server
 * (`npm run admin -- grant <email>`), so every replica agrees and registering a listed e-mail
 * proves nothing. Null: not an admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("admin_since", "varchar(32)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("admin_since").execute();
}
