import { type Kysely, sql } from "kysely";

/**
 * Who runs each running task, and the reply it has streamed so far. `runner` names the server
 * process running the task and `lease_until` how long that claim holds unless renewed; a task
 * whose lease ran out has lost its runner (the process died) and any replica ends it, keeping
 * `reply_text`, which the runner saves at a bounded interval while the reply streams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds no more.
  const columns = [
    ["runner", "varchar(160)"],
    ["lease_until", "varchar(32)"],
    ["reply_id", "varchar(128)"],
    ["reply_text", "text"],
  ] as const;
  for (const [name, type] of columns) {
    await db.schema.alterTable("tasks").addColumn(name, type).execute();
  }
  await db.schema.createIndex("tasks_lease_until_idx").on("tasks").column("lease_until").execute();
  // Tasks already running belong to a server of an earlier version, which renews no lease: they
  // get a quarter of an hour to end (a rolling upgrade) before another replica ends them.
  const until = new Date(Date.now() + 15 * 60_000).toISOString();
  await sql`update tasks set lease_until = ${until}, runner = ${"earlier version"}
    where state in ('submitted', 'working')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_lease_until_idx").execute();
  for (const column of ["reply_text", "reply_id", "lease_until", "runner"]) {
    await db.schema.alterTable("tasks").dropColumn(column).execute();
  }
}
