import { injectTraceContext, inSpan, tracingOn } from "./tracing.js";

/** What an outbound call went to: an agent or an MCP server a user added (through the proxy). */
export type OutboundTarget = "agent" | "mcp";

const methods = new Set(["GET", "POST", "DELETE"]);

/**
 * Runs one outbound proxied request in a client span (`POST agent`, `GET mcp`…) that ends with
 * the answer's head, and puts the span's W3C trace context (`traceparent`) in `headers` first,
 * so the agent or server continues the trace. The span carries the method, the target kind and
 * the status, never the URL, its host or a header (credentials travel in them). Off (no
 * tracing) it only sends.
 */
export function outboundSpan<T extends { status: number }>(
  target: OutboundTarget,
  method: string | undefined,
  headers: Headers,
  send: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return send();
  const verb = methods.has(method?.toUpperCase() ?? "GET")
    ? (method?.toUpperCase() ?? "GET")
    : "other";
  const attributes = { "http.request.method": verb, "a2a_chat.proxy.target": target };
  return inSpan(`${verb} ${target}`, { kind: "client", attributes }, async (span) => {
    injectTraceContext(headers);
    const answer = await send();
    span.set("http.response.status_code", answer.status);
    if (answer.status >= 500) span.fail(String(answer.status));
    return answer;
  });
}

/** A fetch whose every request is an outbound span (see outboundSpan); the same fetch when off. */
export function tracedOutboundFetch(target: OutboundTarget, fetchImpl: typeof fetch): typeof fetch {
  if (!tracingOn()) return fetchImpl;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    return outboundSpan(target, init?.method, headers, () =>
      fetchImpl(input, { ...init, headers }),
    );
  };
}
