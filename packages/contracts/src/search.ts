import { z } from "zod";

/** Longest search text the server accepts. */
export const maxSearchQueryLength = 200;
/** Most results one search returns. */
export const maxSearchResults = 50;

/** Refusal of a search without any word to look for. */
export const emptySearchMessage = "Type a word to search for";
/** Refusal of a search text over the limit. */
export const searchTooLongMessage = `Search text is too long (at most ${maxSearchQueryLength} characters)`;

/** GET /api/v1/core/search query: the words, and how many results at most. */
export const searchQuerySchema = z.object({
  q: z.string({ error: emptySearchMessage }).max(maxSearchQueryLength, searchTooLongMessage),
  limit: z.coerce.number().int().min(1).max(maxSearchResults).default(20),
});

/** Where a search hit was found: a message's text, an artifact's title, or a task's tool names. */
export const searchHitKinds = ["message", "artifact", "tool"] as const;
/** Where a search hit was found. */
export type SearchHitKind = (typeof searchHitKinds)[number];

/** A piece of a snippet; match: it is one of the words searched for (shown highlighted). */
export const snippetSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
/** A piece of a snippet. */
export type SnippetSegment = z.infer<typeof snippetSegmentSchema>;

/** One search result: where it is (conversation, task, message) and the text around the words. */
export const searchHitSchema = z.object({
  kind: z.enum(searchHitKinds),
  context_id: z.string(),
  context_name: z.string(),
  task_id: z.string().nullable(),
  /** The message to open the conversation at; for artifacts and tools, their task's first message. */
  message_id: z.string().nullable(),
  /** The artifact found, for kind 'artifact'. */
  artifact_id: z.string().nullable(),
  snippet: z.array(snippetSegmentSchema),
  created_at: z.string(),
});
/** One search result. */
export type SearchHit = z.infer<typeof searchHitSchema>;

/**
 * The words of a search text: runs of letters and digits (any script), at most 8, lowercased.
 * Both databases split text the same way, so each word can be matched as a whole or as a prefix.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}
