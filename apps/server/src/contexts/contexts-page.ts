import type { ContextListQuery, ContextRecord } from "@a2a-chat/contracts";
import type { ContextsRepository } from "../db/repositories/contexts.js";
import type { ContextRow } from "../db/schema.js";
import { decodeContextCursor, encodeContextCursor } from "./context-cursor.js";
import { presentContext } from "./present-context.js";

/** A page of a user's conversations and, when more follow, the link to the next page. */
export interface ContextsPage {
  records: ContextRecord[];
  /** Path and query of the next page (for a `Link: <...>; rel="next"` header). */
  next?: string;
}

/**
 * The caller's conversations, most recently updated first, `limit` at a time: shared by the
 * route through Hono and the read answered before it (http/read-fast-path.ts), so both send
 * the same page; without a promise when the rows are read at once. A cursor this server did not
 * hand out throws the route's 400.
 */
export function readContextsPage(
  contexts: ContextsRepository,
  userId: string,
  query: ContextListQuery,
  path: string,
): ContextsPage | Promise<ContextsPage> {
  const { limit, cursor } = query;
  const after = cursor === undefined ? undefined : decodeContextCursor(cursor);
  const rows = contexts.listForUser(userId, { limit: limit + 1, after });
  return rows instanceof Promise
    ? rows.then((read) => pageOf(read, limit, path))
    : pageOf(rows, limit, path);
}

function pageOf(rows: ContextRow[], limit: number, path: string): ContextsPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const records = page.map(presentContext);
  if (rows.length <= limit || !last) return { records };
  return { records, next: `${path}?limit=${limit}&cursor=${encodeContextCursor(last)}` };
}
