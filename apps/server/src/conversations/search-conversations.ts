import {
  type DatabaseDialect,
  emptySearchMessage,
  type SearchHit,
  searchWords,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { SearchRepository } from "../db/repositories/search.js";
import type { Database } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { snippetSegments } from "./snippet-segments.js";

/**
 * Searches all of one user's conversations (message text, artifact titles, tool names) and
 * returns the best `limit` hits, best first, each with its highlighted snippet. Only the user's
 * own rows are ever read: every query is filtered by the user's id.
 */
export async function searchConversations(
  db: { kysely: Kysely<Database>; dialect: DatabaseDialect },
  userId: string,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const words = searchWords(text);
  if (words.length === 0) throw new AppError("validation_failed", emptySearchMessage);
  const rows = await new SearchRepository(db.kysely, db.dialect).search(userId, words, limit);
  rows.sort((a, b) => b.score - a.score || b.created_at.localeCompare(a.created_at));
  return rows.slice(0, limit).map((row) => ({
    kind: row.kind,
    context_id: row.context_id,
    context_name: row.context_name,
    task_id: row.task_id,
    message_id: row.message_id,
    artifact_id: row.artifact_id,
    snippet: snippetSegments(row.snippet),
    created_at: row.created_at,
  }));
}
