import {
  type AgentSignInBody,
  type AgentSignInResult,
  agentSignInResultSchema,
  externalAgentsPath,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";

/**
 * Signs in to an added agent (its id) with one of its card's schemes: stored at once, or the
 * address of the authorization server's sign-in page (OAuth 2.0, OpenID Connect).
 */
export async function signInToAgent(
  id: string,
  body: AgentSignInBody,
  fetchImpl?: FetchLike,
): Promise<AgentSignInResult> {
  return agentSignInResultSchema.parse(
    await authenticatedRequest<unknown>(
      `${externalAgentsPath}/${encodeURIComponent(id)}/sign-in`,
      { method: "POST", body: JSON.stringify(body) },
      fetchImpl,
    ),
  );
}
