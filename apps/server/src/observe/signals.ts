import { channel } from "node:diagnostics_channel";

/**
 * What the server reports about its work for metrics (and any other observer): published on a
 * diagnostics channel, so the code doing the work imports nothing of the observer and pays only a
 * `hasSubscribers` check while nobody listens (metrics off). Values carry no ids or user text; an
 * observer still bounds them (see metrics/metrics.ts).
 */
export type Signal =
  /** An agent turn stored its end (or its pause for the user): the task state it ended in. */
  | { kind: "turn_ended"; outcome: string }
  /** A tool call of a turn returned or threw; `server` is the tool server's name. */
  | { kind: "tool_call"; server: string; outcome: "ok" | "error" | "failed" }
  /** A request to a proxied (external) agent got its answer's head, or failed. */
  | { kind: "proxy_call"; outcome: string }
  /** Logged events (not heartbeats) written to live streams. */
  | { kind: "events_sent"; count: number };

const signals = channel("a2a-chat:signals");

/** Reports a signal; nearly free when nobody listens. */
export function signal(value: Signal): void {
  if (signals.hasSubscribers) signals.publish(value);
}

/** Listens to every signal until the returned function is called. */
export function onSignal(listener: (value: Signal) => void): () => void {
  const handler = (message: unknown) => listener(message as Signal);
  signals.subscribe(handler);
  return () => {
    signals.unsubscribe(handler);
  };
}

/** An HTTP status as its class ("2xx" … "5xx"), a bounded label. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}
