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

/**
 * How many of a user's matches, newest first, are ranked for each kind. A word in nearly every
 * message would otherwise cost a score for each of them; past this many matches the ranking is
 * of the newest ones (docs/chat.md, Search).
 */
export const rankedCandidates = 2000;

/** The token that stands for a user in SQLite's FTS tables (migration 0040): its id's hex in 'u…0'. */
export const ownerToken = (userId: string) => `u${Buffer.from(userId, "utf8").toString("hex")}0`;

/** The FTS5 query of a user's rows that match `query` (the owner column of migration 0040). */
const ownedQuery = (userId: string, query: string) =>
  `owner : "${ownerToken(userId)}" AND body : (${query})`;

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
 * of migrations 0035 and 0040. Words must be letters and digits only (contracts' searchWords), so
 * they are safe inside either database's query syntax; they are bound as parameters all the same.
 *
 * Each kind is found in three cheap steps whatever the word: the user's newest matches (at most
 * `rankedCandidates`) straight from the index, the best `limit` of those by score, and only for
 * those the rows they belong to and their snippets. On PostgreSQL each kind is one query that
 * ranks the user's matches and makes headlines for the best only (measured cheaper there than a
 * capped candidate list: docs/benchmarks/notes/search.md).
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
            await this.sqliteKind("message_fts", userId, words, limit),
            await this.sqliteKind("artifact_fts", userId, words, limit),
            await this.sqliteKind("task_fts", userId, words, limit),
          ];
    return parts.flat().map((row) => ({ ...row, score: Number(row.score) }));
  }

  private async sqliteKind(
    fts: SqliteIndex,
    userId: string,
    words: readonly string[],
    limit: number,
  ): Promise<SearchRow[]> {
    const query = ownedQuery(userId, ftsQuery(words));
    const best = await this.sqliteBest(fts, query, limit);
    if (best.length === 0) return [];
    const rowids = best.map((row) => row.rowid);
    const hits = await this.sqliteRows(fts, userId, rowids);
    const score = new Map(best.map((row) => [row.rowid, -row.score]));
    const ranked = hits.map((hit) => ({ ...hit, score: score.get(Number(hit.fts_rowid)) ?? 0 }));
    return this.withSnippets(fts, query, ranked);
  }

  /**
   * The best `limit` rows of the user's newest `rankedCandidates` matches, by bm25 (the owner
   * column weighs nothing), the newer first among equals. Reading the cut-off row newest first
   * costs a walk of the index's row ids, not a score per match.
   */
  private async sqliteBest(fts: SqliteIndex, query: string, limit: number) {
    const table = sql.table(fts);
    const { rows: cut } = await sql<{ rowid: number }>`
      select rowid from ${table} where ${table} match ${query}
      order by rowid desc limit 1 offset ${rankedCandidates - 1}`.execute(this.db);
    const from = cut[0]?.rowid ?? 0;
    const { rows } = await sql<{ rowid: number; score: number }>`
      select rowid, bm25(${table}, 1.0, 0.0) as score from ${table}
      where ${table} match ${query} and rowid >= ${from}
      order by score, rowid desc limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ rowid: Number(row.rowid), score: Number(row.score) }));
  }

  /** The rows behind some FTS rows, the user's only (the index's owner token narrows; this decides). */
  private async sqliteRows(fts: SqliteIndex, userId: string, rowids: number[]) {
    const ids = sql.join(rowids);
    if (fts === "message_fts") {
      const { rows } = await sql<SqliteHit>`
        select 'message' as kind, m.context_id, c.name as context_name, m.task_id, m.id as message_id,
          null as artifact_id, m.created_at, 0 as score, m.rowid as fts_rowid
        from messages m join contexts c on c.id = m.context_id
        where m.rowid in (${ids}) and m.user_id = ${userId}`.execute(this.db);
      return rows;
    }
    if (fts === "artifact_fts") {
      const { rows } = await sql<SqliteHit>`
        select 'artifact' as kind, a.context_id, c.name as context_name, a.task_id,
          (select m.id from messages m where m.user_id = a.user_id and m.task_id = a.task_id
            order by m.created_at, m.id limit 1) as message_id,
          a.id as artifact_id, a.created_at, 0 as score, a.rowid as fts_rowid
        from artifacts a join contexts c on c.id = a.context_id
        where a.rowid in (${ids}) and a.user_id = ${userId}`.execute(this.db);
      return rows;
    }
    const { rows } = await sql<SqliteHit>`
      select 'tool' as kind, t.context_id, c.name as context_name, t.id as task_id,
        (select m.id from messages m where m.user_id = t.user_id and m.task_id = t.id
          order by m.created_at, m.id limit 1) as message_id,
        null as artifact_id, t.created_at, 0 as score, t.rowid as fts_rowid
      from tasks t join contexts c on c.id = t.context_id
      where t.rowid in (${ids}) and t.user_id = ${userId}`.execute(this.db);
    return rows;
  }

  /**
   * The snippets of the few rows kept, in one pass over the matches. `+rowid` keeps SQLite from
   * running the match once per row id (each run would rebuild a prefix's list of rows); the
   * range starts the pass at the oldest row kept.
   */
  private async withSnippets(
    fts: SqliteIndex,
    query: string,
    rows: SqliteHit[],
  ): Promise<SearchRow[]> {
    if (rows.length === 0) return [];
    const table = sql.table(fts);
    const rowids = rows.map((row) => Number(row.fts_rowid));
    const { rows: snippets } = await sql<{ rowid: number; snippet: string }>`
      select rowid, snippet(${table}, 0, char(1), char(2), '…', 20) as snippet
      from ${table}
      where ${table} match ${query} and rowid >= ${Math.min(...rowids)}
        and +rowid in (${sql.join(rowids)})`.execute(this.db);
    const byRowid = new Map(snippets.map((row) => [Number(row.rowid), row.snippet]));
    return rows.map(({ fts_rowid, ...row }) => ({
      ...row,
      snippet: byRowid.get(Number(fts_rowid)) ?? "",
    }));
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

type SqliteIndex = "message_fts" | "artifact_fts" | "task_fts";
