import { type TokenGrantReply, tokenGrantReplySchema, webClientId } from "@a2a-chat/contracts";
import { type FetchLike, requestJson } from "../lib/api.js";
import { ApiError } from "../lib/api-error.js";

/** The token endpoint (tools spec §7). */
export const tokenPath = "/api/v1/core/oauth/token";

/**
 * Trades a signed-in session's refresh token for a new access token and the next refresh token
 * (each refresh token works once).
 */
export async function refreshSignedIn(
  refreshToken: string,
  fetchImpl?: FetchLike,
): Promise<TokenGrantReply> {
  const body = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: webClientId,
  });
  const reply = await requestJson<unknown>(
    tokenPath,
    { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
    fetchImpl,
  );
  const parsed = tokenGrantReplySchema.safeParse(reply);
  if (!parsed.success) throw new ApiError("The server sent an invalid token reply", 200);
  return parsed.data;
}
