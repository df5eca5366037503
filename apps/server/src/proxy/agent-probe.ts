import { randomUUID } from "node:crypto";
import type { ConnectionStep } from "@a2a-chat/contracts";
import { checkAdvice, checkTexts, type ProtocolProbe } from "../net/connection-check.js";
import { GuardedFetchError, guardedFetch, type OutboundPolicy } from "../net/guarded-fetch.js";
import { httpStatusHint } from "../net/http-status-hint.js";
import {
  AgentDiscoveryError,
  absoluteHttpUrl,
  type DiscoveredAgent,
  discoverAgent,
} from "./agent-card-discovery.js";
import { withQuery } from "./agent-stored-credentials.js";
import { missingCredentialsMessage } from "./remote-security.js";

/** Texts of the agent's protocol steps in the connection doctor. */
export const agentCheckTexts = {
  cardFound: (name: string, endpoint: string) =>
    `Agent card of ${name} found; its JSON-RPC endpoint is ${endpoint}`,
  cardAdvice:
    "Enter the agent's base URL: the address under which it serves /.well-known/agent-card.json, not its JSON-RPC endpoint.",
  version: (protocol: string, declared: string) =>
    `A2A ${protocol} (the card declares ${declared})`,
  versionUnsupported: (declared: string) =>
    `The agent speaks A2A ${declared}; this server speaks 1.0 and 0.3`,
  versionAdvice: "Update the agent to A2A 1.0 (or 0.3), or ask its owner to.",
  noCredentialsAdvice:
    "Store the credentials the card asks for (the credentials fields when adding, or Connection on the agent's menu), then run the doctor again.",
  noneNeeded: "No credentials needed: the agent answered without any",
  accepted: "The agent accepted the stored credentials",
  refused: (status: number, stored: boolean) =>
    stored
      ? `The agent refused the stored credentials (HTTP ${status})`
      : `The agent asks for credentials (HTTP ${status}) and none are stored`,
  refusedAdvice:
    "Check the key or token (copied whole, not expired, for this agent) and the kind: bearer token, API key header or custom headers, as the agent's documentation says.",
  forbidden: "The agent knows the credentials but refused access (HTTP 403)",
  forbiddenAdvice:
    "The credentials lack a permission this agent wants: ask its owner for access or a key with more rights.",
  callOk: (answer: string) =>
    `A harmless call (GetTask of an unknown task) was answered: ${answer}`,
  notJson: "Not an A2A answer: the body is not JSON",
  notRpc: "Not an A2A answer: no JSON-RPC 2.0 response",
  endpointAdvice:
    "The card's JSON-RPC endpoint does not answer A2A: check the interface URL and binding in the agent's card.",
  failedAdvice: "The agent failed: look at its logs.",
  noAnswer: (reason: string) => `Could not reach the endpoint to check the credentials: ${reason}`,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The protocol version the card declares for the chosen endpoint. */
function declaredVersion(found: DiscoveredAgent): string {
  const { card } = found;
  if (Array.isArray(card.supportedInterfaces)) {
    const chosen = card.supportedInterfaces.find(
      (entry) =>
        isRecord(entry) &&
        absoluteHttpUrl(entry.url) === found.endpoint &&
        String(entry.protocolBinding ?? "").toUpperCase() === "JSONRPC",
    );
    if (isRecord(chosen) && typeof chosen.protocolVersion === "string")
      return chosen.protocolVersion || found.protocol;
  }
  return typeof card.protocolVersion === "string" ? card.protocolVersion : found.protocol;
}

const fail = (step: ConnectionStep["step"], detail: string, advice: string): ConnectionStep => ({
  step,
  ok: false,
  detail,
  advice,
});
const pass = (step: ConnectionStep["step"], detail: string): ConnectionStep => ({
  step,
  ok: true,
  detail,
});

async function getUnknownTask(
  found: DiscoveredAgent,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<ReturnType<typeof guardedFetch>> {
  const v1 = found.protocol === "1.0";
  return guardedFetch(
    found.endpoint,
    {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        accept: "application/json",
        ...(v1 ? { "a2a-version": "1.0" } : {}),
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: randomUUID(),
        method: v1 ? "GetTask" : "tasks/get",
        params: { id: `connection-check-${randomUUID()}` },
      }),
    },
    { ...policy, maxRedirects: 0 },
  );
}

/**
 * The A2A steps of the connection doctor for an agent at `url`: discovery (its card), protocol
 * version (what the card declares for the chosen endpoint), auth (the card's sign-in and the
 * credentials, judged by the endpoint's answer) and a test call (GetTask of a task that does not
 * exist: any JSON-RPC answer, "task not found" included, proves the endpoint speaks A2A).
 */
export function agentProbe(
  url: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
  query: Record<string, string> = {},
): ProtocolProbe {
  const stored = Object.keys(headers).length > 0 || Object.keys(query).length > 0;
  return {
    steps: ["discovery", "version", "auth", "call"],
    run: async () => {
      let found: DiscoveredAgent;
      try {
        found = await discoverAgent(url, policy);
      } catch (error) {
        const detail = error instanceof AgentDiscoveryError ? error.message : String(error);
        return [fail("discovery", detail, agentCheckTexts.cardAdvice)];
      }
      const name = typeof found.card.name === "string" ? found.card.name : "the agent";
      const steps = [pass("discovery", agentCheckTexts.cardFound(name, found.endpoint))];
      const declared = declaredVersion(found);
      if (!/^(1\.|0\.3)/.test(declared))
        return [
          ...steps,
          fail(
            "version",
            agentCheckTexts.versionUnsupported(declared),
            agentCheckTexts.versionAdvice,
          ),
        ];
      steps.push(pass("version", agentCheckTexts.version(found.protocol, declared)));
      const missing = missingCredentialsMessage(found.card, stored);
      if (missing) return [...steps, fail("auth", missing, agentCheckTexts.noCredentialsAdvice)];
      let response: Awaited<ReturnType<typeof guardedFetch>>;
      try {
        // An API key the card wants in the query rides on the endpoint's URL.
        const endpoint = withQuery(found.endpoint, query);
        response = await getUnknownTask({ ...found, endpoint }, headers, policy);
      } catch (error) {
        const refused = error instanceof GuardedFetchError && error.reason === "refused_address";
        const reason = error instanceof GuardedFetchError ? error.message : String(error);
        const host = new URL(found.endpoint).hostname;
        return [
          ...steps,
          fail(
            "auth",
            agentCheckTexts.noAnswer(reason),
            refused ? checkAdvice.refused(host) : checkAdvice.tcpOther,
          ),
        ];
      }
      const status = response.status;
      if (status === 401)
        return [
          ...steps,
          fail("auth", agentCheckTexts.refused(status, stored), agentCheckTexts.refusedAdvice),
        ];
      if (status === 403)
        return [...steps, fail("auth", agentCheckTexts.forbidden, agentCheckTexts.forbiddenAdvice)];
      steps.push(pass("auth", stored ? agentCheckTexts.accepted : agentCheckTexts.noneNeeded));
      if (status < 200 || status >= 300)
        return [
          ...steps,
          fail(
            "call",
            checkTexts.httpStatus(status, httpStatusHint(status)),
            status >= 500 ? agentCheckTexts.failedAdvice : agentCheckTexts.endpointAdvice,
          ),
        ];
      let answer: unknown;
      try {
        answer = JSON.parse(response.body.toString("utf8"));
      } catch {
        return [...steps, fail("call", agentCheckTexts.notJson, agentCheckTexts.endpointAdvice)];
      }
      const rpc = isRecord(answer) ? answer : {};
      if (rpc.jsonrpc !== "2.0" || (rpc.result === undefined && rpc.error === undefined))
        return [...steps, fail("call", agentCheckTexts.notRpc, agentCheckTexts.endpointAdvice)];
      const said = isRecord(rpc.error)
        ? `error ${String(rpc.error.code)} ${String(rpc.error.message ?? "").slice(0, 200)}`.trim()
        : "a task";
      return [...steps, pass("call", agentCheckTexts.callOk(said))];
    },
  };
}
