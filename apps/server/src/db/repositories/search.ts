import type { DatabaseDialect, SearchHitKind } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.js";

/** One row a full-text search found; the snippet marks matched words with \u0001 … \u0002. */
export interface SearchRow {
  kind: SearchHitKind;
  context_id: string;
  context_name: string;
  task_id: string | null;
  message_id: string | null;
  artifact_id: string | null;
  created_at: string;
  score: number;
  snippet: string;
}

/** A hit before its snippet is read: the FTS row it came from. */
type SqliteHit = Omit<SearchRow, "snippet"> & { fts_rowid: number };

/** Marks the start and the end of a matched word in snippets (never in indexed text). */
export const matchStart = "\u0001";
export const matchEnd = "\u0002";

/** The SQLite FTS5 query of some words: all of them, the last one also as a prefix. */
export function ftsQuery(words: readonly string[]): string {
  return words.map((word, i) => `"${word}"${i === words.length - 1 ? "*" : ""}`).join(" ");
}

/** The PostgreSQL tsquery text of some words: all of them, the last one also as a prefix. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");
}

/**
 * Full-text search over one user's messages, artifact titles and tool names, through the indexes
 * of migration 0035. Words must be letters and digits only (contracts' searchWords), so they are
 * safe inside either database's query syntax; they are bound as parameters all the same.
 */
export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** The best `limit` hits of each kind, each kind's best first (callers merge them). */
  async search(userId: string, words: readonly string[], limit: number): Promise<SearchRow[]> {
    if (words.length === 0) return [];
    const parts =
      this.dialect === "postgres"
        ? await Promise.all([
            this.postgresMessages(userId, tsQuery(words), limit),
            this.postgresArtifacts(userId, tsQuery(words), limit),
            this.postgresTools(userId, tsQuery(words), limit),
          ])
        : [
            await this.withSnippets(
              "message_fts",
              ftsQuery(words),
              await this.sqliteMessages(userId, ftsQuery(words), limit),
            ),
            await this.withSnippets(
              "artifact_fts",
              ftsQuery(words),
              await this.sqliteArtifacts(userId, ftsQuery(words), limit),
            ),
            await this.withSnippets(
              "task_fts",
              ftsQuery(words),
              await this.sqliteTools(userId, ftsQuery(words), limit),
            ),
          ];
    return parts.flat().map((row) => ({ ...row, score: Number(row.score) }));
  }

  /**
   * The snippets of the few rows kept, in a second query: SQLite would otherwise make a snippet
   * for every match before sorting them (thousands for a common word).
   */
  private async withSnippets(
    fts: "message_fts" | "artifact_fts" | "task_fts",
    query: string,
    rows: SqliteHit[],
  ): Promise<SearchRow[]> {
    if (rows.length === 0) return [];
    const { rows: snippets } = await sql<{ rowid: number; snippet: string }>`
      select rowid, snippet(${sql.table(fts)}, 0, char(1), char(2), '…', 20) as snippet
      from ${sql.table(fts)}
      where ${sql.table(fts)} match ${query} and rowid in (${sql.join(rows.map((row) => row.fts_rowid))})`.execute(
      this.db,
    );
    const byRowid = new Map(snippets.map((row) => [Number(row.rowid), row.snippet]));
    return rows.map(({ fts_rowid, ...row }) => ({
      ...row,
      snippet: byRowid.get(Number(fts_rowid)) ?? "",
    }));
  }

  private async sqliteMessages(userId: string, query: string, limit: number) {
    const { rows } = await sql<SqliteHit>`
      select 'message' as kind, m.context_id, c.name as context_name, m.task_id, m.id as message_id,
        null as artifact_id, m.created_at, -f.rank as score, f.rowid as fts_rowid
      from message_fts f
        join messages m on m.rowid = f.rowid
        join contexts c on c.id = m.context_id
      where message_fts match ${query} and m.user_id = ${userId}
      order by f.rank, m.created_at desc
      limit ${limit}`.execute(this.db);
    return rows;
  }

  private async sqliteArtifacts(userId: string, query: string, limit: number) {
    const { rows } = await sql<SqliteHit>`
      select 'artifact' as kind, a.context_id, c.name as context_name, a.task_id,
        (select m.id from messages m where m.user_id = a.user_id and m.task_id = a.task_id
          order by m.created_at, m.id limit 1) as message_id,
        a.id as artifact_id, a.created_at, -f.rank as score, f.rowid as fts_rowid
      from artifact_fts f
        join artifacts a on a.rowid = f.rowid
        join contexts c on c.id = a.context_id
      where artifact_fts match ${query} and a.user_id = ${userId}
      order by f.rank, a.created_at desc
      limit ${limit}`.execute(this.db);
    return rows;
  }

  private async sqliteTools(userId: string, query: string, limit: number) {
    const { rows } = await sql<SqliteHit>`
      select 'tool' as kind, t.context_id, c.name as context_name, t.id as task_id,
        (select m.id from messages m where m.user_id = t.user_id and m.task_id = t.id
          order by m.created_at, m.id limit 1) as message_id,
        null as artifact_id, t.created_at, -f.rank as score, f.rowid as fts_rowid
      from task_fts f
        join tasks t on t.rowid = f.rowid
        join contexts c on c.id = t.context_id
      where task_fts match ${query} and t.user_id = ${userId}
      order by f.rank, t.created_at desc
      limit ${limit}`.execute(this.db);
    return rows;
  }

  // The headline is made in the outer query, for the few rows kept only.
  private headline(body: string) {
    return sql`ts_headline('english', ${sql.ref(body)}, to_tsquery('english', q.text),
      'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "')`;
  }

  private async postgresMessages(userId: string, query: string, limit: number) {
    const { rows } = await sql<SearchRow>`
      select 'message' as kind, m.context_id, c.name as context_name, m.task_id, h.message_id,
        null as artifact_id, h.created_at, h.score, ${this.headline("h.body")} as snippet
      from (
        select s.message_id, s.created_at, s.body,
          ts_rank(s.vector, to_tsquery('english', ${query}), 1) as score
        from message_search s
        where s.user_id = ${userId} and s.vector @@ to_tsquery('english', ${query})
        order by score desc, s.created_at desc
        limit ${limit}) h
        join messages m on m.user_id = ${userId} and m.id = h.message_id
        join contexts c on c.id = m.context_id
        cross join (select ${query}::text as text) q
      order by h.score desc, h.created_at desc`.execute(this.db);
    return rows;
  }

  private async postgresArtifacts(userId: string, query: string, limit: number) {
    const { rows } = await sql<SearchRow>`
      select 'artifact' as kind, h.context_id, c.name as context_name, h.task_id,
        (select m.id from messages m where m.user_id = ${userId} and m.task_id = h.task_id
          order by m.created_at, m.id limit 1) as message_id,
        h.artifact_id, h.created_at, h.score, ${this.headline("h.body")} as snippet
      from (
        select a.context_id, a.task_id, a.id as artifact_id, a.created_at, s.body,
          ts_rank(s.vector, to_tsquery('english', ${query}), 1) as score
        from artifact_search s join artifacts a on a.id = s.artifact_id
        where a.user_id = ${userId} and s.vector @@ to_tsquery('english', ${query})
        order by score desc, a.created_at desc
        limit ${limit}) h
        join contexts c on c.id = h.context_id
        cross join (select ${query}::text as text) q
      order by h.score desc, h.created_at desc`.execute(this.db);
    return rows;
  }

  private async postgresTools(userId: string, query: string, limit: number) {
    const { rows } = await sql<SearchRow>`
      select 'tool' as kind, h.context_id, c.name as context_name, h.task_id,
        (select m.id from messages m where m.user_id = ${userId} and m.task_id = h.task_id
          order by m.created_at, m.id limit 1) as message_id,
        null as artifact_id, h.created_at, h.score, ${this.headline("h.body")} as snippet
      from (
        select t.context_id, t.id as task_id, t.created_at, s.body,
          ts_rank(s.vector, to_tsquery('english', ${query}), 1) as score
        from task_search s join tasks t on t.id = s.task_id
        where t.user_id = ${userId} and s.vector @@ to_tsquery('english', ${query})
        order by score desc, t.created_at desc
        limit ${limit}) h
        join contexts c on c.id = h.context_id
        cross join (select ${query}::text as text) q
      order by h.score desc, h.created_at desc`.execute(this.db);
    return rows;
  }
}
