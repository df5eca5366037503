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
 *    owner changes (a visitor's data moving to the account they register). On PostgreSQL the
 *    messages' vectors get the same owner token (and an index on (user_id, created_at)), so
 *    the GIN index finds one user's matches, and the newest of them are read without visiting
 *    everyone's.
 * 2. Branches that fork inside a task. `tasks.branch_message_id`: a task made by editing a later
 *    message of its parent task follows that parent only up to (not including) this message.
 *    `contexts.leaf_cut_message_id`: the conversation stops before this message of its leaf task,
 *    so the next task written forks there (set by PUT …/branch with `before_message_id`, taken
 *    and cleared by the next task).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("branch_message_id", "varchar(128)").execute();
  await db.schema.alterTable("contexts").addColumn("leaf_cut_message_id", "varchar(128)").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else for (const source of sources) await rebuild(db, source, true);
}

/**
 * PostgreSQL: each message's vector also holds its owner's token, so the GIN index finds one
 * user's matches (and the planner sees how few they are) instead of everyone's; ranking uses the
 * words alone. A trigger on the index table renews the token when a message changes owner (the
 * foreign key's cascade sets its user_id).
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function chat_owner_lexeme(user_id text) returns tsvector language sql immutable as $$
    select array_to_tsvector(array['u' || encode(convert_to(user_id, 'UTF8'), 'hex') || '0']) $$`.execute(
    db,
  );
  await sql`create or replace function messages_search_sync() returns trigger language plpgsql as $$
    declare body text := chat_parts_text(new.parts);
    begin
      insert into message_search (user_id, message_id, created_at, body, vector)
        values (new.user_id, new.id, new.created_at, body,
          to_tsvector('english', body) || chat_owner_lexeme(new.user_id))
        on conflict (user_id, message_id) do update set body = excluded.body, vector = excluded.vector;
      return null;
    end $$`.execute(db);
  await sql`create function message_search_owner() returns trigger language plpgsql as $$
    begin
      new.vector := to_tsvector('english', new.body) || chat_owner_lexeme(new.user_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger message_search_owner before update of user_id on message_search
    for each row execute function message_search_owner()`.execute(db);
  await sql`update message_search set vector = to_tsvector('english', body) || chat_owner_lexeme(user_id)`.execute(
    db,
  );
  await sql`create index message_search_user_created_idx on message_search (user_id, created_at desc)`.execute(
    db,
  );
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists message_search_user_created_idx`.execute(db);
  await sql`drop trigger if exists message_search_owner on message_search`.execute(db);
  await sql`drop function if exists message_search_owner()`.execute(db);
  await sql`create or replace function messages_search_sync() returns trigger language plpgsql as $$
    declare body text := chat_parts_text(new.parts);
    begin
      insert into message_search (user_id, message_id, created_at, body, vector)
        values (new.user_id, new.id, new.created_at, body, to_tsvector('english', body))
        on conflict (user_id, message_id) do update set body = excluded.body, vector = excluded.vector;
      return null;
    end $$`.execute(db);
  await sql`update message_search set vector = to_tsvector('english', body)`.execute(db);
  await sql`drop function if exists chat_owner_lexeme(text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await downPostgres(db);
  } else {
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
