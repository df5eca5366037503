import type { Notification } from "@modelcontextprotocol/sdk/types.js";
import { LoggingLevelSchema, type ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { OutboundPolicy } from "../../net/guarded-fetch.js";
import { connectUpstream, type UpstreamServer } from "./upstream-client.js";

/** What a watch asks of the upstream server: a logging level and resources to subscribe to. */
export interface WatchRequest {
  level?: (typeof LoggingLevelSchema.options)[number];
  subscribe: string[];
}

/** How many resources one watch may subscribe to. */
export const maxWatchedResources = 20;

/** The messages of a watch request the proxy refuses. */
export const watchMessages = {
  badLevel: `level must be one of ${LoggingLevelSchema.options.join(", ")}`,
  tooMany: `At most ${maxWatchedResources} resources can be watched at once`,
  badUri: "Each subscribe must be an absolute URI",
} as const;

/** Reads a watch request from a URL's query (`level`, `subscribe` repeated); a message if bad. */
export function parseWatchQuery(url: URL): WatchRequest | { error: string } {
  const level = url.searchParams.get("level");
  const subscribe = url.searchParams.getAll("subscribe");
  if (level !== null && !LoggingLevelSchema.safeParse(level).success)
    return { error: watchMessages.badLevel };
  if (subscribe.length > maxWatchedResources) return { error: watchMessages.tooMany };
  if (subscribe.some((uri) => !URL.canParse(uri))) return { error: watchMessages.badUri };
  return level === null
    ? { subscribe }
    : { level: level as NonNullable<WatchRequest["level"]>, subscribe };
}

/** What the watch tells first: what the server offers, and what was set up of the request. */
export interface WatchReady {
  capabilities: ServerCapabilities;
  server: { name: string; version: string } | null;
  /** The level set, or null when the server does not offer logging (or none was asked). */
  level: string | null;
  /** The URIs subscribed to (none when the server does not offer subscriptions). */
  subscribed: string[];
}

/** The notifications a watch passes on; any other the server sends is dropped. */
export const watchedNotifications = new Set([
  "notifications/message",
  "notifications/resources/updated",
  "notifications/resources/list_changed",
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
]);

/** Where a watch sends what it learns. */
export interface WatchSink {
  ready(ready: WatchReady): Promise<void> | void;
  notification(notification: Notification): Promise<void> | void;
}

/**
 * Holds one upstream session open for as long as the caller's request lasts (its own standalone
 * stream listening), sets the logging level, subscribes to the resources asked for, and passes
 * the server's notifications on. Nothing is kept outside the request, so any replica can serve
 * it; a caller that wants another level or other resources opens a new watch. Resolves when the
 * caller leaves or the connection breaks (then rejects with the cause).
 */
export async function watchUpstream(
  server: UpstreamServer,
  policy: OutboundPolicy,
  request: WatchRequest,
  sink: WatchSink,
  signal: AbortSignal,
): Promise<void> {
  let listening: () => void = () => undefined;
  const open = new Promise<void>((resolve) => {
    listening = resolve;
  });
  const upstream = await connectUpstream(server, policy, signal, {
    listen: true,
    onListening: () => listening(),
  });
  try {
    const { client } = upstream;
    client.fallbackNotificationHandler = async (notification) => {
      if (watchedNotifications.has(notification.method)) await sink.notification(notification);
    };
    const capabilities = client.getServerCapabilities() ?? {};
    const options = { timeout: server.timeoutMs, signal };
    // Subscribed once the stream listens: what a server sends on the stream before that is lost.
    // A server without a standalone stream still answers; its notices then come with its replies.
    await Promise.race([open, new Promise((r) => setTimeout(r, 2000).unref())]);
    let level: string | null = null;
    if (request.level && capabilities.logging) {
      await client.setLoggingLevel(request.level, options);
      level = request.level;
    }
    const subscribed: string[] = [];
    if (capabilities.resources?.subscribe) {
      for (const uri of request.subscribe) {
        await client.subscribeResource({ uri }, options);
        subscribed.push(uri);
      }
    }
    const info = client.getServerVersion();
    await sink.ready({
      capabilities,
      server: info ? { name: info.name, version: info.version } : null,
      level,
      subscribed,
    });
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      upstream.lost.addEventListener("abort", () => reject(upstream.lost.reason), { once: true });
    });
  } finally {
    await upstream.close();
  }
}
