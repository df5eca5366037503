import { type Kysely, PostgresAdapter, sql } from "kysely";
import { sqliteArtifactText, sqlitePartsText, sqliteToolNames } from "./0035_search_index.js";

/**
 * Two things, both for issue 36:
 *
 * 1. Search that stays fast for common words. SQLite's FTS5 tables of 0035 knew nothing of the
 *    owner, so a word in every message matched every user's rows and each was joined and ranked
 *    before the user's were kept. Each FTS table gets a second column, `owner`, holding one token
 *    made of the owner's id (its hex between 'u' and '0'), so a search matches the user's rows inside the
 *    index; the column weighs nothing in the ranking. Triggers now also follow a row whose
 *    owner changes (a visitor's data moving to the account they register). PostgreSQL is left
 *    as 0035 made it.
 * 2. Branches that fork inside a task. `tasks.branch_message_id`: a task made by editing a later
 *    message of its parent task follows that parent only up to (not including) this message.
 *    `contexts.leaf_cut_message_id`: the conversation stops before this message of its leaf task,
 *    so the next task written forks there (set by PUT …/branch with `before_message_id`, taken
 *    and cleared by the next task).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("branch_message_id", "varchar(128)").execute();
  await db.schema.alterTable("contexts").addColumn("leaf_cut_message_id", "varchar(128)").execute();
  // PostgreSQL's side tables already hold the user's id (or are joined to it); measured, ranking
  // there stays cheaper than an owner token would make it (docs/benchmarks/notes/search.md).
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const source of sources) await rebuild(db, source, true);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const source of sources) await rebuild(db, source, false);
  }
  await db.schema.alterTable("contexts").dropColumn("leaf_cut_message_id").execute();
  await db.schema.alterTable("tasks").dropColumn("branch_message_id").execute();
}

interface Source {
  table: string;
  fts: string;
  text: (row: string) => string;
  columns: string;
}

const sources: Source[] = [
  {
    table: "messages",
    fts: "message_fts",
    text: (row) => sqlitePartsText(`${row}.parts`),
    columns: "parts",
  },
  {
    table: "artifacts",
    fts: "artifact_fts",
    text: sqliteArtifactText,
    columns: "name, description",
  },
  {
    table: "tasks",
    fts: "task_fts",
    text: (row) => sqliteToolNames(`${row}.metadata`),
    columns: "metadata",
  },
];

/**
 * The SQLite expression of a row's owner token (repositories/search.ts builds the same): the id's
 * hex between 'u' and '0', so the tokenizer keeps it whole and the porter stemmer (which only
 * strips letters) leaves it as it is.
 */
const ownerToken = (row: string) => `'u' || lower(hex(${row}.user_id)) || '0'`;

/** Rebuilds one FTS table (copying what it indexed) with or without the owner column, and its triggers. */
async function rebuild(db: Kysely<unknown>, source: Source, withOwner: boolean): Promise<void> {
  const { table, fts, text, columns } = source;
  const tokenize = "tokenize = 'porter unicode61 remove_diacritics 2'";
  for (const kind of ["insert", "update", "delete"]) {
    await sql.raw(`drop trigger if exists ${table}_fts_${kind}`).execute(db);
  }
  const ownerColumn = withOwner ? ", owner" : "";
  await sql
    .raw(`create virtual table ${fts}_next using fts5(body${ownerColumn}, ${tokenize})`)
    .execute(db);
  await sql
    .raw(`insert into ${fts}_next (rowid, body${ownerColumn})
      select f.rowid, f.body${withOwner ? `, ${ownerToken("t")}` : ""}
      from ${fts} f join ${table} t on t.rowid = f.rowid`)
    .execute(db);
  await sql.raw(`drop table ${fts}`).execute(db);
  await sql.raw(`alter table ${fts}_next rename to ${fts}`).execute(db);
  const values = (row: string) =>
    `${row}.rowid, ${text(row)}${withOwner ? `, ${ownerToken(row)}` : ""}`;
  await sql
    .raw(`create trigger ${table}_fts_insert after insert on ${table} begin
      insert into ${fts} (rowid, body${ownerColumn}) values (${values("new")}); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_fts_update after update of ${columns}${withOwner ? ", user_id" : ""} on ${table} begin
      delete from ${fts} where rowid = old.rowid;
      insert into ${fts} (rowid, body${ownerColumn}) values (${values("new")}); end`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_fts_delete after delete on ${table} begin
      delete from ${fts} where rowid = old.rowid; end`)
    .execute(db);
}
