import { badCursorMessage } from "@a2a-chat/contracts";
import type { ContextRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/** Where a page of conversations ended, in list order (updated_at desc, then id). */
export interface ContextCursor {
  updatedAt: string;
  id: string;
}

/** The opaque cursor of the conversation a page ended with. */
export function encodeContextCursor(row: Pick<ContextRow, "updated_at" | "id">): string {
  return Buffer.from(JSON.stringify([row.updated_at, row.id])).toString("base64url");
}

/** Reads a cursor back; anything this server did not hand out is a 400. */
export function decodeContextCursor(cursor: string): ContextCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string"
    )
      return { updatedAt: value[0], id: value[1] };
  } catch {
    // falls through to the refusal
  }
  throw new AppError("validation_failed", badCursorMessage);
}
