import { createParser, type EventSourceMessage } from "eventsource-parser";

/** The logging levels of MCP, least severe first. */
export const logLevels = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const;
export type LogLevel = (typeof logLevels)[number];

/** A notification the server sent (JSON-RPC method and params). */
export interface ServerNotification {
  method: string;
  params?: Record<string, unknown>;
}

/** What the watch says first: what the server offers and what was set up. */
export interface WatchReady {
  capabilities: Record<string, unknown>;
  level: string | null;
  subscribed: string[];
}

/** What watchServer needs. */
export interface WatchOptions {
  /** The proxy's watch URL of the server (…/watch). */
  url: string;
  token: string | null;
  level?: LogLevel;
  subscribe?: readonly string[];
  signal: AbortSignal;
  onReady?: (ready: WatchReady) => void;
  onNotification: (notification: ServerNotification) => void;
  fetch?: typeof fetch;
}

/** The watch URL of a server the proxy serves (its MCP endpoint ends in /mcp). */
export function watchUrlOf(endpoint: string): string {
  return endpoint.replace(/\/mcp$/, "/watch");
}

/**
 * Listens to a proxied server's notifications (log messages at the chosen level, updates of the
 * subscribed resources, list changes) until the signal aborts. Rejects with the server's message
 * when the watch could not start or broke.
 */
export async function watchServer(options: WatchOptions): Promise<void> {
  const query = new URLSearchParams();
  if (options.level) query.set("level", options.level);
  for (const uri of options.subscribe ?? []) query.append("subscribe", uri);
  const response = await (options.fetch ?? fetch)(`${options.url}?${query}`, {
    headers: {
      Accept: "text/event-stream",
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    signal: options.signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    throw new Error(body.error?.message ?? `The watch failed (HTTP ${response.status})`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const received: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => received.push(event) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      for (const event of received.splice(0)) {
        const data = JSON.parse(event.data) as unknown;
        if (event.event === "ready") options.onReady?.(data as WatchReady);
        else if (event.event === "notification") options.onNotification(data as ServerNotification);
        else if (event.event === "error") throw new Error((data as { message: string }).message);
      }
    }
  } catch (error) {
    if (options.signal.aborted) return;
    throw error;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
