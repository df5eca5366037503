import type { Kysely } from "kysely";

/**
 * The website's analytics events (views, engagements, shares). No IP address is kept; the raw
 * referrer is, so views can be classified again when the classes change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_events")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("event_type", "varchar(16)", (col) => col.notNull())
    .addColumn("content_id", "varchar(500)", (col) => col.notNull())
    .addColumn("session_id", "varchar(100)")
    .addColumn("user_id", "varchar(100)")
    .addColumn("referrer_url", "varchar(4096)")
    .addColumn("referrer_source", "varchar(100)")
    .addColumn("referrer_class", "varchar(16)")
    .addColumn("user_agent", "varchar(1024)")
    .addColumn("is_bot", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("time_on_page_seconds", "integer")
    .addColumn("scroll_depth_percent", "integer")
    .addColumn("platform", "varchar(50)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("site_events_created_at_idx")
    .on("site_events")
    .columns(["created_at", "event_type"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_events").execute();
}
