import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  type Notification,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { watchedNotifications } from "./proxy-watch.js";
import type { Upstream } from "./upstream-client.js";

/** Runs work on an open upstream session (the proxy's withUpstream: connect, run, close). */
export type RunOnUpstream = <T>(
  work: (upstream: Upstream, signal: AbortSignal) => Promise<T>,
) => Promise<T>;

/**
 * What the proxy declares beside tools: resources, prompts and completions are forwarded to the
 * upstream server (one that offers none answers 'Method not found' itself). Subscriptions and
 * logging need a session that lasts, which a stateless request is not: the proxy's watch stream
 * (proxy-watch.ts) carries them.
 */
export const browsingCapabilities = { resources: {}, prompts: {}, completions: {} } as const;

/** What a request handler can send back on its own response stream. */
interface Replying {
  sendNotification(notification: Notification): Promise<void>;
}

/**
 * Passes on what the server says on the stream of the request being forwarded (a log message,
 * a list change, a resource update), so the caller sees it as if it talked to the server.
 */
export function relayNotifications(upstream: Upstream, extra: Replying): void {
  upstream.client.fallbackNotificationHandler = async (notification) => {
    if (!watchedNotifications.has(notification.method)) return;
    await extra.sendNotification(notification as never).catch(() => undefined);
  };
}

/**
 * Forwards resources/list, resources/templates/list, resources/read, prompts/list, prompts/get
 * and completion/complete to the upstream server as they are (cursors included: the caller pages),
 * each within the server's time limit and cancelled with the caller's request.
 */
export function forwardBrowsing(server: Server, run: RunOnUpstream, timeout: number): void {
  const options = (connection: AbortSignal, request: AbortSignal) => ({
    timeout,
    signal: AbortSignal.any([connection, request]),
  });
  const forward = <T>(
    extra: Replying & { signal: AbortSignal },
    call: (upstream: Upstream, opts: ReturnType<typeof options>) => Promise<T>,
  ) =>
    run((upstream, connection) => {
      relayNotifications(upstream, extra);
      return call(upstream, options(connection, extra.signal));
    });
  server.setRequestHandler(ListResourcesRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.listResources(request.params, opts)),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.listResourceTemplates(request.params, opts)),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.readResource(request.params, opts)),
  );
  server.setRequestHandler(ListPromptsRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.listPrompts(request.params, opts)),
  );
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.getPrompt(request.params, opts)),
  );
  server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
    forward(extra, (upstream, opts) => upstream.client.complete(request.params, opts)),
  );
}
