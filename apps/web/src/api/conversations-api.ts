import {
  type ContextRecord,
  contextRecordSchema,
  type SearchHit,
  type SharedConversation,
  type ShareRecord,
  searchHitSchema,
  sharedConversationSchema,
  shareRecordSchema,
} from "@a2a-chat/contracts";
import { requestJson } from "../lib/api.js";
import { ApiError } from "../lib/api-error.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";
import { fetchUploadedFile } from "../lib/files-api.js";

const invalid = () => new ApiError("The server sent an invalid answer", 200);

function parsed<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success) throw invalid();
  return result.data as T;
}

/** Searches all the caller's conversations: GET /search?q=. */
export async function searchConversations(text: string, limit = 20): Promise<SearchHit[]> {
  const query = new URLSearchParams({ q: text, limit: String(limit) });
  const body = await authenticatedRequest<unknown>(`/api/v1/core/search?${query}`);
  return parsed(searchHitSchema.array(), body);
}

/** A conversation's export as a file to download (JSON or Markdown). */
export function exportConversation(contextId: string, format: "json" | "markdown"): Promise<Blob> {
  return fetchUploadedFile(
    `/api/v1/core/contexts/${encodeURIComponent(contextId)}/export?format=${format}`,
  );
}

/** Imports an export file (ours or ChatGPT's conversations.json) into new conversations. */
export async function importConversations(text: string): Promise<ContextRecord[]> {
  const body = await authenticatedRequest<unknown>("/api/v1/core/imports", {
    method: "POST",
    body: text,
    headers: { "Content-Type": "application/json" },
  });
  return parsed(contextRecordSchema.array(), body);
}

/** Shares a conversation (up to a message when given): POST /contexts/{id}/shares. */
export async function createShare(contextId: string, upToMessageId?: string): Promise<ShareRecord> {
  const body = await authenticatedRequest<unknown>(
    `/api/v1/core/contexts/${encodeURIComponent(contextId)}/shares`,
    {
      method: "POST",
      body: JSON.stringify(upToMessageId ? { up_to_message_id: upToMessageId } : {}),
    },
  );
  return parsed(shareRecordSchema, body);
}

/** The caller's share links, newest first. */
export async function listShares(): Promise<ShareRecord[]> {
  return parsed(
    shareRecordSchema.array(),
    await authenticatedRequest<unknown>("/api/v1/core/shares"),
  );
}

/** Revokes one of the caller's share links. */
export async function revokeShare(id: string): Promise<void> {
  await authenticatedRequest<undefined>(`/api/v1/core/shares/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
}

/** What a share link shows; needs no session. */
export async function readShare(id: string): Promise<SharedConversation> {
  const body = await requestJson<unknown>(`/api/v1/public/shares/${encodeURIComponent(id)}`);
  return parsed(sharedConversationSchema, body);
}
