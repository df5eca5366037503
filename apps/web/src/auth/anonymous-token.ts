import { type TokenReply, tokenReplySchema } from "@a2a-chat/contracts";
import { type FetchLike, requestJson } from "../lib/api.js";
import { ApiError } from "../lib/api-error.js";

/** Where anonymous tokens come from (core spec §7). */
export const anonymousSessionPath = "/api/v1/core/oauth/session";

async function requestToken(previousToken: string | null, fetchImpl?: FetchLike) {
  const headers: Record<string, string> = {};
  if (previousToken) headers.Authorization = `Bearer ${previousToken}`;
  const body = await requestJson<unknown>(
    anonymousSessionPath,
    { method: "POST", headers },
    fetchImpl,
  );
  const reply = tokenReplySchema.safeParse(body);
  if (!reply.success) throw new ApiError("The server sent an invalid token reply", 200);
  return reply.data;
}

/**
 * Asks for an anonymous token (empty body). With the previous anonymous token, even an expired
 * one, the server renews that session: same user and session id, so the visitor keeps their
 * conversations. If the server refuses the renewal (401), a new anonymous session is started.
 */
export async function fetchAnonymousToken(
  previousToken?: string | null,
  fetchImpl?: FetchLike,
): Promise<TokenReply> {
  if (previousToken) {
    try {
      return await requestToken(previousToken, fetchImpl);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
  }
  return requestToken(null, fetchImpl);
}
