import {
  type CardVerification,
  externalAgentsPath,
  externalExtendedCardSchema,
} from "@a2a-chat/contracts";
import type { FetchLike } from "../lib/api.js";
import { authenticatedRequest } from "../lib/authenticated-request.js";
import type { Agent, AgentSkill } from "./agent-types.js";
import { externalAgentId } from "./agents-api.js";
import { cardToAgent } from "./card-to-agent.js";

/** What an agent's authenticated extended card adds for the signed-in user. */
export interface ExtendedCard {
  skills: AgentSkill[];
  /** For an agent the user added: how the extended card's signatures checked out. */
  verification?: CardVerification;
}

/**
 * An agent's authenticated extended card: an added agent's through our server (which asks the
 * agent with the user's stored credentials), one of ours over its own JSON-RPC endpoint
 * (GetExtendedAgentCard, with the user's session).
 */
export async function fetchExtendedCard(
  agent: Agent,
  fetchImpl?: FetchLike,
): Promise<ExtendedCard> {
  if (agent.external) {
    const id = externalAgentId(agent.url);
    if (!id) throw new Error("Not an added agent");
    const reply = externalExtendedCardSchema.parse(
      await authenticatedRequest<unknown>(
        `${externalAgentsPath}/${id}/extended-card`,
        {},
        fetchImpl,
      ),
    );
    const shown = cardToAgent(reply.card, { url: agent.url, external: true });
    return { skills: shown.skills, verification: reply.card_verification };
  }
  const answer = await authenticatedRequest<{ result?: unknown; error?: { message?: string } }>(
    `/api/v1/agents/${encodeURIComponent(agent.name)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetExtendedAgentCard", params: {} }),
    },
    fetchImpl,
  );
  if (!answer.result) throw new Error(answer.error?.message ?? "No extended card");
  return { skills: cardToAgent(answer.result, { url: agent.url, external: false }).skills };
}
