import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Full-text indexes for search across a user's conversations: the text of messages (text parts
 * and file names), artifact titles (name and description) and tool names of tasks (metadata
 * tool_name and tool_calls[].name). Database triggers keep them current, so every write of a
 * message, artifact or task updates its index in the same transaction whichever code path wrote
 * it; existing rows are indexed here.
 *
 * SQLite: FTS5 tables whose rowid is the indexed row's rowid (porter stemming, unicode folding).
 * PostgreSQL: side tables holding the text and its tsvector ('english'), a GIN index on the
 * vector, and foreign keys that follow the indexed row (cascading deletes and id changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ["message_search", "artifact_search", "task_search"]) {
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    }
    for (const name of ["messages", "artifacts", "tasks"]) {
      await sql`drop trigger if exists ${sql.raw(`${name}_search_sync`)} on ${sql.table(name)}`.execute(
        db,
      );
      await sql`drop function if exists ${sql.raw(`${name}_search_sync`)}()`.execute(db);
    }
    await sql`drop function if exists chat_parts_text(text)`.execute(db);
    await sql`drop function if exists chat_tool_names(text)`.execute(db);
    return;
  }
  for (const trigger of sqliteTriggers) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  for (const table of ["message_fts", "artifact_fts", "task_fts"]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}

// The control characters 1 and 2 mark highlights in snippets, so the indexed text never has them.
/** SQLite expression: the indexed text of a message's parts column (exported for 0040). */
export const sqlitePartsText = (parts: string) => `replace(replace(coalesce((
  select group_concat(coalesce(json_extract(p.value, '$.text'), json_extract(p.value, '$.file.name'), ''), ' ')
  from json_each(case when json_valid(${parts}) then ${parts} else '[]' end) p
  where json_extract(p.value, '$.kind') in ('text', 'file')), ''), char(1), ' '), char(2), ' ')`;

/** SQLite expression: the tool names of a task's metadata column (exported for 0040). */
export const sqliteToolNames = (metadata: string) => `replace(replace(trim(
  coalesce(case when json_valid(${metadata}) then json_extract(${metadata}, '$.tool_name') end, '') || ' ' ||
  coalesce((select group_concat(json_extract(c.value, '$.name'), ' ')
    from json_each(case when json_valid(${metadata}) and json_type(${metadata}, '$.tool_calls') = 'array'
      then json_extract(${metadata}, '$.tool_calls') else '[]' end) c), '')), char(1), ' '), char(2), ' ')`;

/** SQLite expression: an artifact row's indexed title (exported for 0040). */
export const sqliteArtifactText = (row: string) =>
  `replace(replace(trim(coalesce(${row}.name, '') || ' ' || coalesce(${row}.description, '')), char(1), ' '), char(2), ' ')`;

const sqliteTriggers = [
  "messages_fts_insert",
  "messages_fts_update",
  "messages_fts_delete",
  "artifacts_fts_insert",
  "artifacts_fts_update",
  "artifacts_fts_delete",
  "tasks_fts_insert",
  "tasks_fts_update",
  "tasks_fts_delete",
];

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const tokenize = "tokenize = 'porter unicode61 remove_diacritics 2'";
  for (const table of ["message_fts", "artifact_fts", "task_fts"]) {
    await sql.raw(`create virtual table ${table} using fts5(body, ${tokenize})`).execute(db);
  }
  const sources = [
    {
      table: "messages",
      fts: "message_fts",
      text: (row: string) => sqlitePartsText(`${row}.parts`),
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
      text: (row: string) => sqliteToolNames(`${row}.metadata`),
      columns: "metadata",
    },
  ];
  for (const { table, fts, text, columns } of sources) {
    await sql
      .raw(`create trigger ${table}_fts_insert after insert on ${table} begin
        insert into ${fts} (rowid, body) values (new.rowid, ${text("new")}); end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_fts_update after update of ${columns} on ${table} begin
        delete from ${fts} where rowid = old.rowid;
        insert into ${fts} (rowid, body) values (new.rowid, ${text("new")}); end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_fts_delete after delete on ${table} begin
        delete from ${fts} where rowid = old.rowid; end`)
      .execute(db);
    await sql
      .raw(`insert into ${fts} (rowid, body) select t.rowid, ${text("t")} from ${table} t`)
      .execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function chat_parts_text(parts text) returns text language sql immutable as $$
    select translate(coalesce(string_agg(coalesce(p->>'text', p->'file'->>'name', ''), ' '), ''), chr(1) || chr(2), '  ')
    from jsonb_array_elements(case when jsonb_typeof(parts::jsonb) = 'array' then parts::jsonb else '[]'::jsonb end) p
    where p->>'kind' in ('text', 'file') $$`.execute(db);
  await sql`create function chat_tool_names(metadata text) returns text language sql immutable as $$
    select translate(trim(coalesce(m->>'tool_name', '') || ' ' || coalesce((
      select string_agg(c->>'name', ' ') from jsonb_array_elements(
        case when jsonb_typeof(m->'tool_calls') = 'array' then m->'tool_calls' else '[]'::jsonb end) c), '')),
      chr(1) || chr(2), '  ')
    from (select metadata::jsonb as m) x $$`.execute(db);

  // created_at is copied so the best matches are found in this table alone; the messages are
  // read for the few kept.
  await sql`create table message_search (
    user_id varchar(36) not null, message_id varchar(128) not null, created_at varchar(32) not null,
    body text not null, vector tsvector not null,
    primary key (user_id, message_id),
    foreign key (user_id, message_id) references messages (user_id, id) on delete cascade on update cascade)`.execute(
    db,
  );
  await sql`create table artifact_search (
    artifact_id varchar(128) primary key references artifacts (id) on delete cascade on update cascade,
    body text not null, vector tsvector not null)`.execute(db);
  await sql`create table task_search (
    task_id varchar(128) primary key references tasks (id) on delete cascade on update cascade,
    body text not null, vector tsvector not null)`.execute(db);
  await sql`create index message_search_vector_idx on message_search using gin (vector)`.execute(
    db,
  );
  await sql`create index artifact_search_vector_idx on artifact_search using gin (vector)`.execute(
    db,
  );
  await sql`create index task_search_vector_idx on task_search using gin (vector)`.execute(db);

  await sql`create function messages_search_sync() returns trigger language plpgsql as $$
    declare body text := chat_parts_text(new.parts);
    begin
      insert into message_search (user_id, message_id, created_at, body, vector)
        values (new.user_id, new.id, new.created_at, body, to_tsvector('english', body))
        on conflict (user_id, message_id) do update set body = excluded.body, vector = excluded.vector;
      return null;
    end $$`.execute(db);
  await sql`create function artifacts_search_sync() returns trigger language plpgsql as $$
    declare body text := translate(trim(coalesce(new.name, '') || ' ' || coalesce(new.description, '')), chr(1) || chr(2), '  ');
    begin
      insert into artifact_search (artifact_id, body, vector)
        values (new.id, body, to_tsvector('english', body))
        on conflict (artifact_id) do update set body = excluded.body, vector = excluded.vector;
      return null;
    end $$`.execute(db);
  await sql`create function tasks_search_sync() returns trigger language plpgsql as $$
    declare body text := chat_tool_names(new.metadata);
    begin
      insert into task_search (task_id, body, vector)
        values (new.id, body, to_tsvector('english', body))
        on conflict (task_id) do update set body = excluded.body, vector = excluded.vector;
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_search_sync after insert or update of parts on messages
    for each row execute function messages_search_sync()`.execute(db);
  await sql`create trigger artifacts_search_sync after insert or update of name, description on artifacts
    for each row execute function artifacts_search_sync()`.execute(db);
  await sql`create trigger tasks_search_sync after insert or update of metadata on tasks
    for each row execute function tasks_search_sync()`.execute(db);

  await sql`insert into message_search (user_id, message_id, created_at, body, vector)
    select user_id, id, created_at, b, to_tsvector('english', b)
    from (select user_id, id, created_at, chat_parts_text(parts) b from messages) m`.execute(db);
  await sql`insert into artifact_search (artifact_id, body, vector)
    select id, b, to_tsvector('english', b) from (select id,
      translate(trim(coalesce(name, '') || ' ' || coalesce(description, '')), chr(1) || chr(2), '  ') b from artifacts) a`.execute(
    db,
  );
  await sql`insert into task_search (task_id, body, vector)
    select id, b, to_tsvector('english', b) from (select id, chat_tool_names(metadata) b from tasks) t`.execute(
    db,
  );
}
