import { extensionMessages } from "@a2a-chat/contracts";
import type { OutboundPolicy } from "../net/guarded-fetch.js";
import { chooseEndpoint, type DiscoveredAgent, discoverAgent } from "./agent-card-discovery.js";
import type { CardKeys } from "./card-keys.js";
import { type CheckedCard, checkCardSignatures } from "./card-verification.js";
import { unsupportedRequired } from "./remote-extensions.js";

/** An agent that may be added. */
export type CheckedAgent = DiscoveredAgent & Pick<CheckedCard, "verification">;

/** Adding an agent refused for what its card says (the message is for the user). */
export class AgentRefusedError extends Error {
  override name = "AgentRefusedError";
}

/**
 * Discovers the agent at a URL (see discoverAgent), refuses it when it requires an extension
 * we do not support, and checks its card's signatures. A verified card is kept as it was signed
 * and its endpoint chosen from that content only, so nothing outside the signature steers where
 * the user's credentials go.
 */
export async function discoverCheckedAgent(
  url: string,
  policy: OutboundPolicy,
  keys: CardKeys,
): Promise<CheckedAgent> {
  const discovered = await discoverAgent(url, policy);
  const missing = unsupportedRequired(discovered.card);
  if (missing.length > 0)
    throw new AgentRefusedError(extensionMessages.unsupportedRequired(missing));
  const checked = await checkCardSignatures(discovered.card, keys, url);
  if (checked.verification.status !== "verified") return { ...discovered, ...checked };
  const chosen = chooseEndpoint(checked.card, url) ?? discovered;
  return {
    card: checked.card,
    endpoint: chosen.endpoint,
    protocol: chosen.protocol,
    verification: checked.verification,
  };
}
