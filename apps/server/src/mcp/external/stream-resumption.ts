import type { StreamableHTTPReconnectionOptions } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/**
 * A server that closes a call's SSE stream after an event id (MCP 2025-11-25 resumability) is
 * asked again with GET and Last-Event-ID: after the delay it sent as `retry`, else 0.5 s, 1 s,
 * 2 s; at most 3 tries before the call counts as lost.
 */
export const resumeOptions: StreamableHTTPReconnectionOptions = {
  maxRetries: 3,
  initialReconnectionDelay: 500,
  maxReconnectionDelay: 2000,
  reconnectionDelayGrowFactor: 2,
};

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return init?.headers ? new Headers(init.headers).get(name) : null;
}

/** Whether a request resumes a call's stream: a GET that carries Last-Event-ID. */
export function isResumingGet(init: RequestInit | undefined): boolean {
  return (
    (init?.method ?? "GET").toUpperCase() === "GET" && headerOf(init, "last-event-id") !== null
  );
}

/** What the transport reports when it has given up resuming a stream. */
const gaveUp = /^Maximum reconnection attempts/;

/**
 * Notes when the server makes a stream resumable (an event id arrives on it) and answers
 * whether a transport error is one the transport recovers from by reconnecting: after an event
 * id, a broken stream or a failed reconnection is retried, until the tries run out. Wraps
 * `transport.send` so every request reports its event ids.
 */
export function watchResumption(transport: Transport): (error: Error) => boolean {
  let resumable = false;
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(message, {
      ...options,
      onresumptiontoken: (token) => {
        resumable = true;
        options?.onresumptiontoken?.(token);
      },
    });
  return (error) => resumable && !gaveUp.test(error.message);
}
