import { randomUUID } from "node:crypto";
import { checkTexts, type ProbeOutcome } from "../net/connection-check.js";
import { GuardedFetchError, guardedFetch, type OutboundPolicy } from "../net/guarded-fetch.js";
import { httpStatusHint } from "../net/http-status-hint.js";

/**
 * The HTTP and protocol steps of checking a user-added agent: asks its JSON-RPC endpoint, with
 * the stored credentials, for a task that does not exist. Any JSON-RPC answer (the error "task not
 * found" included) proves the endpoint speaks the protocol and accepts the credentials.
 */
export async function probeAgent(
  endpoint: string,
  protocol: "1.0" | "0.3",
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<ProbeOutcome> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: randomUUID(),
    method: protocol === "1.0" ? "GetTask" : "tasks/get",
    params: { id: `connection-check-${randomUUID()}` },
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
    return { ok: false, step: "http", detail: `No usable answer: ${reason}` };
  }
  if (response.status < 200 || response.status >= 300)
    return {
      ok: false,
      step: "http",
      detail: checkTexts.httpStatus(response.status, httpStatusHint(response.status)),
    };
  let answer: unknown;
  try {
    answer = JSON.parse(response.body.toString("utf8"));
  } catch {
    return { ok: false, step: "protocol", detail: "Not an A2A answer: the body is not JSON" };
  }
  const rpc = answer as { jsonrpc?: unknown; result?: unknown; error?: unknown };
  if (rpc?.jsonrpc !== "2.0" || (rpc.result === undefined && rpc.error === undefined))
    return { ok: false, step: "protocol", detail: "Not an A2A answer: no JSON-RPC 2.0 response" };
  return {
    ok: true,
    http: `The server answered HTTP ${response.status}`,
    detail: `The agent answered JSON-RPC (A2A ${protocol})`,
  };
}
