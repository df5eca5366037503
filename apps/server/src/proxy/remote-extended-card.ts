import { randomUUID } from "node:crypto";
import { GuardedFetchError, guardedFetch, type OutboundPolicy } from "../net/guarded-fetch.js";

/** Why an added agent's extended card could not be had, in plain words for the user. */
export class ExtendedCardError extends Error {
  override name = "ExtendedCardError";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a card says signed-in callers get an extended one (1.0 and 0.3 spellings). */
export function offersExtendedCard(card: Record<string, unknown>): boolean {
  const capabilities = isRecord(card.capabilities) ? card.capabilities : {};
  return capabilities.extendedAgentCard === true || card.supportsAuthenticatedExtendedCard === true;
}

/**
 * Asks an added agent for its authenticated extended card over JSON-RPC (1.0
 * `GetExtendedAgentCard`, 0.3 `agent/getAuthenticatedExtendedCard`), with the user's stored
 * credentials and our extension header, through the guarded fetch (no redirects: credentials go
 * to the agent's endpoint only).
 */
export async function fetchExtendedCard(
  endpoint: string,
  protocol: "1.0" | "0.3",
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<Record<string, unknown>> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: randomUUID(),
    method: protocol === "1.0" ? "GetExtendedAgentCard" : "agent/getAuthenticatedExtendedCard",
    ...(protocol === "1.0" ? { params: {} } : {}),
  });
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(
      endpoint,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          accept: "application/json",
          ...(protocol === "1.0" ? { "a2a-version": "1.0" } : {}),
        },
        body,
      },
      { ...policy, maxRedirects: 0 },
    );
  } catch (error) {
    const reason = error instanceof GuardedFetchError ? error.message : String(error);
    throw new ExtendedCardError(`The agent could not be reached: ${reason}`);
  }
  if (response.status < 200 || response.status >= 300)
    throw new ExtendedCardError(`The agent answered HTTP ${response.status}`);
  let answer: unknown;
  try {
    answer = JSON.parse(response.body.toString("utf8"));
  } catch {
    throw new ExtendedCardError("The agent's answer is not JSON");
  }
  if (!isRecord(answer)) throw new ExtendedCardError("The agent's answer is not JSON-RPC");
  if (isRecord(answer.error)) {
    const message = typeof answer.error.message === "string" ? answer.error.message : "an error";
    throw new ExtendedCardError(`The agent refused its extended card: ${message.slice(0, 500)}`);
  }
  const card = answer.result;
  if (!isRecord(card) || typeof card.name !== "string")
    throw new ExtendedCardError("The agent's answer is not an agent card");
  return card;
}
