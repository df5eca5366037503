import { type ExternalExtendedCard, externalAgentMessages } from "@a2a-chat/contracts";
import type { Context, Hono } from "hono";
import type { ExternalAgentRow } from "../db/repositories/external-agents.js";
import type { AppEnv } from "../http/env.js";
import { AppError } from "../http/errors.js";
import type { Services } from "../http/services.js";
import { type AgentAuth, withQuery } from "./agent-stored-credentials.js";
import type { CardKeys } from "./card-keys.js";
import { checkCardSignatures } from "./card-verification.js";
import { proxyCardJson } from "./proxy-card.js";
import {
  ExtendedCardError,
  fetchExtendedCard,
  offersExtendedCard,
} from "./remote-extended-card.js";
import { extensionHeaders } from "./remote-extensions.js";

/** Refusal of an extended card from an agent whose card offers none. */
export const noExtendedCardMessage = "This agent has no authenticated extended card";

interface Deps {
  services: Services;
  keys: CardKeys;
  owned: (c: Context<AppEnv>) => Promise<ExternalAgentRow>;
  /** The caller's credentials for the row, refreshed first when they are OAuth tokens due. */
  authOf: (c: Context<AppEnv>, row: ExternalAgentRow) => Promise<AgentAuth>;
  proxyUrlOf: (c: Context<AppEnv>, id: string) => string;
}

/**
 * GET /api/v1/agents/external/{id}/extended-card: the agent's authenticated extended card,
 * asked for with the caller's stored credentials at the moment it is shown (it may say more
 * to a signed-in caller than the public card), signatures checked, as our proxy card.
 */
export function extendedCardRoute(routes: Hono<AppEnv>, deps: Deps): void {
  routes.get("/:id/extended-card", async (c) => {
    const row = await deps.owned(c);
    const remote = JSON.parse(row.card) as Record<string, unknown>;
    if (!offersExtendedCard(remote)) throw new AppError("not_found", noExtendedCardMessage);
    const protocol = row.protocol === "0.3" ? "0.3" : "1.0";
    const auth = await deps.authOf(c, row);
    let extended: Record<string, unknown>;
    try {
      extended = await fetchExtendedCard(
        withQuery(row.endpoint, auth.query),
        protocol,
        { ...auth.headers, ...extensionHeaders(remote, protocol) },
        deps.services.config.outbound,
      );
    } catch (error) {
      if (!(error instanceof ExtendedCardError)) throw error;
      throw new AppError("service_unavailable", externalAgentMessages.connectError(error.message));
    }
    const checked = await checkCardSignatures(extended, deps.keys, row.url);
    c.header("Cache-Control", "no-store");
    const reply: ExternalExtendedCard = {
      card: proxyCardJson(checked.card, deps.proxyUrlOf(c, row.id)),
      card_verification: checked.verification,
    };
    return c.json(reply);
  });
}
