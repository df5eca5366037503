import type { ServerResponse } from "node:http";
import { databaseUnavailableMessage } from "@a2a-chat/contracts";
import {
  A2A_VERSION_HEADER,
  Extensions,
  formatSSEErrorEvent,
  formatSSEEvent,
  HTTP_EXTENSION_HEADER,
  SSE_HEADERS,
  StreamResponse,
} from "@a2a-js/sdk";
import {
  A2A_LEGACY_PROTOCOL_VERSION,
  LEGACY_HTTP_EXTENSION_HEADER,
  LEGACY_METHOD_TASKS_RESUBSCRIBE,
} from "@a2a-js/sdk/compat/v0_3";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { A2AError } from "@a2a-js/sdk/errors";
import {
  type A2ARequestHandler,
  defaultServerCallContextBuilder,
  JsonRpcTransportHandler,
  type User,
  validateVersion,
} from "@a2a-js/sdk/server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { watchClient } from "../http/client-connection.js";
import type { AppEnv } from "../http/env.js";
import { databaseUnavailableResponse } from "../http/errors.js";
import { type DirectWriter, directWriterKey } from "./direct-deltas.js";
import { clientGoneKey, requestHostKey } from "./follow-stored-task.js";
import { rpcRequestProblem } from "./rpc-request-check.js";
import { internalErrorMessage } from "./safe-request-handler.js";

type RpcError = { code: number; message: string; data?: unknown };

/** JSON-RPC 2.0 "Invalid params". */
export const invalidParamsCode = -32602;

/** A message to an added agent that asks for its own sign-in while no credentials are stored. */
export const credentialsRequiredCode = -32011;

/** A JSON-RPC error response for a request body (its id, when it had one). */
export function rpcError(body: unknown, error: RpcError) {
  const id = typeof body === "object" && body !== null && "id" in body ? body.id : null;
  return { jsonrpc: "2.0", id: id ?? null, error };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

const encoder = new TextEncoder();

/**
 * Writes stream responses (our agents' text deltas, see direct-deltas.ts) to an A2A 1.0 SSE
 * body directly, as the SDK's JSON-RPC transport would have framed them; what comes before the
 * body starts waits for it.
 */
class DirectSse {
  private sink: ((text: string) => void) | undefined;
  private readonly waiting: string[] = [];

  constructor(private readonly requestId: unknown) {}

  readonly write: DirectWriter = (response) => {
    // The envelope of the SDK's jsonRpcEventStream, key for key.
    const text = formatSSEEvent({
      jsonrpc: "2.0",
      id: this.requestId,
      result: StreamResponse.toJSON(response),
    });
    if (this.sink) this.sink(text);
    else this.waiting.push(text);
  };

  /** The body started: writes go to it. */
  attach(sink: (text: string) => void): void {
    this.sink = sink;
    for (const text of this.waiting.splice(0)) sink(text);
  }
}

/** What an SSE reply writes: an iterator whose first item was already read, and its deltas. */
interface SseEvents {
  first: IteratorResult<unknown>;
  rest: AsyncIterator<unknown>;
  /** The JSON-RPC error an exception of the iterator ends the stream with. */
  onError: (e: unknown) => unknown;
  direct?: DirectSse;
}

/**
 * Writes the SSE frames of an iterator whose first item was already read: that item, then (from
 * then on) `direct`'s deltas as they come, then the rest; an error ends it as an SSE error event.
 * The iterator is drained to the end even once `write` drops what it gets (the client went away),
 * so the SDK keeps processing (and our store keeps reconciling) every event of the run.
 */
async function writeSse(
  { first, rest, onError, direct }: SseEvents,
  write: (text: string) => void,
): Promise<void> {
  try {
    if (!first.done) write(formatSSEEvent(first.value));
    direct?.attach(write);
    for (let next = await rest.next(); !next.done; next = await rest.next())
      write(formatSSEEvent(next.value));
  } catch (error) {
    write(formatSSEErrorEvent(onError(error)));
  }
}

/** The SSE frames (see writeSse) as a web stream body: for a reply not served by Node (tests). */
function sseBody(events: SseEvents) {
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      try {
        await writeSse(events, write);
      } finally {
        if (open) {
          open = false;
          controller.close();
        }
      }
    },
    cancel() {
      open = false;
    },
  });
}

/**
 * The SSE frames (see writeSse) written straight to Node's response: no web stream to enqueue
 * into and read back from per event, no encoding of each frame by hand (the socket write does
 * it). The head is written first with the same headers the web Response would have had (those
 * the middleware set on Node's response before the route stay, as they do for any reply); what
 * the route returns tells @hono/node-server the reply is already sent. Writing stops when the
 * client goes away (the response closes), the iterator is still drained (see writeSse).
 */
function sseToNode(
  outgoing: ServerResponse,
  headers: Record<string, string>,
  events: SseEvents,
): Response {
  let open = true;
  const stop = () => {
    open = false;
  };
  outgoing.once("close", stop);
  // A failed write (the socket reset under it) must not become an unhandled 'error' event.
  outgoing.on("error", stop);
  outgoing.writeHead(200, headers);
  const write = (text: string) => {
    if (!open) return;
    if (outgoing.destroyed || outgoing.writableEnded) {
      open = false;
      return;
    }
    outgoing.write(text);
  };
  void writeSse(events, write).finally(() => {
    outgoing.off("close", stop);
    if (open && !outgoing.destroyed && !outgoing.writableEnded) outgoing.end();
    open = false;
  });
  return RESPONSE_ALREADY_SENT;
}

/** An SSE reply: written to Node's response when served by Node, else as a web stream body. */
function sseReply(
  c: Context<AppEnv>,
  headers: Record<string, string>,
  events: SseEvents,
): Response {
  const outgoing = c.env?.outgoing;
  if (outgoing && !outgoing.headersSent) return sseToNode(outgoing, headers, events);
  return new Response(sseBody(events), { status: 200, headers });
}

/** The SDK's SSE headers as the web Response gave them to Node (names in lower case). */
const sseHeaders: Record<string, string> = Object.fromEntries(
  Object.entries(SSE_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);

/** What a database outage inside a call looks like to a JSON-RPC client (mid-stream). */
const databaseRpcError = { code: -32603, message: databaseUnavailableMessage };

/**
 * The request handler with every promise-returning call noting, per call context, an error that
 * means the database is unavailable: the transport turns thrown errors into JSON-RPC errors
 * itself, and the route answers such calls with a 503 instead.
 */
function notingDatabaseFailures(
  handler: A2ARequestHandler,
  failed: WeakMap<object, unknown>,
): A2ARequestHandler {
  return new Proxy(handler, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          const context = args[1];
          if (isDatabaseUnavailable(error) && typeof context === "object" && context !== null)
            failed.set(context, error);
          throw error;
        });
      };
    },
  });
}

/**
 * The Hono equivalent of the SDK's Express `jsonRpcHandler`: A2A-Version picks the v1.0 or the
 * v0.3 (legacy) transport handler, results that are async iterators stream as SSE, and errors
 * map through the handler's own static mappers; a database outage is a 503 database_unavailable
 * (or, once a stream has started, a JSON-RPC error with the same text).
 */
export function jsonRpcHandler(
  requestHandler: A2ARequestHandler,
  userOf: (c: Context<AppEnv>) => User,
) {
  const failed = new WeakMap<object, unknown>();
  const guarded = notingDatabaseFailures(requestHandler, failed);
  const v1 = new JsonRpcTransportHandler(guarded);
  const legacy = new LegacyJsonRpcTransportHandler(guarded);
  return async (c: Context<AppEnv>): Promise<Response> => {
    const body: unknown = c.var.body;
    const versionHeader = c.req.header(A2A_VERSION_HEADER);
    const useLegacy =
      (versionHeader || A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
    const mapToError = useLegacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
      : JsonRpcTransportHandler.mapToJSONRPCError;
    const errorOf = (error: unknown) =>
      rpcError(body, isDatabaseUnavailable(error) ? databaseRpcError : mapToError(error));
    try {
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, key) => {
        headers[key] = value;
      });
      const extensionsHeader = useLegacy
        ? (c.req.header(LEGACY_HTTP_EXTENSION_HEADER) ?? c.req.header(HTTP_EXTENSION_HEADER))
        : c.req.header(HTTP_EXTENSION_HEADER);
      const context = defaultServerCallContextBuilder({
        extensions: Extensions.parseServiceParameter(extensionsHeader),
        user: userOf(c),
        headers,
        requestedVersion: versionHeader || undefined,
      });
      // A task followed from the stored rows stops being read when its client leaves.
      const gone = new AbortController();
      watchClient(c, () => gone.abort());
      context.state.set(clientGoneKey, gone.signal);
      context.state.set(requestHostKey, new URL(c.req.url).host);
      const method =
        typeof body === "object" && body !== null && "method" in body ? body.method : undefined;
      // An A2A 1.0 stream takes our agents' text deltas straight into its body.
      const direct =
        !useLegacy && (method === "SendStreamingMessage" || method === "SubscribeToTask")
          ? new DirectSse(
              typeof body === "object" && body !== null && "id" in body ? (body.id ?? null) : null,
            )
          : undefined;
      if (direct) context.state.set(directWriterKey, direct.write);
      validateVersion(context.requestedVersion, await requestHandler.getAgentCard(), "JSONRPC");
      const problem = rpcRequestProblem(body, useLegacy);
      if (problem)
        return c.json(rpcError(body, { code: invalidParamsCode, message: problem }), 200);
      const transport = useLegacy ? legacy : v1;
      const result: unknown = await transport.handle(body as Record<string, unknown>, context);
      if (failed.has(context)) return databaseUnavailableResponse(c, failed.get(context));
      const extensions = context.activatedExtensions
        ? ([
            useLegacy ? LEGACY_HTTP_EXTENSION_HEADER : HTTP_EXTENSION_HEADER,
            Array.from(context.activatedExtensions).join(","),
          ] as const)
        : undefined;
      if (extensions) c.header(extensions[0], extensions[1]);
      if (!isAsyncIterable(result)) return c.json(result as object, 200);
      // A stream's reply is built here, not by c.json: the header goes in with the SSE ones.
      const replyHeaders = extensions
        ? { ...sseHeaders, [extensions[0].toLowerCase()]: extensions[1] }
        : sseHeaders;
      const iterator = result[Symbol.asyncIterator]();
      const alwaysSse = useLegacy && method === LEGACY_METHOD_TASKS_RESUBSCRIBE;
      let first: IteratorResult<unknown>;
      try {
        first = await iterator.next();
      } catch (error) {
        if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(c, error);
        if (!alwaysSse) return c.json(errorOf(error), 200);
        return sseReply(c, replyHeaders, {
          first: { done: true, value: undefined },
          rest: { next: () => Promise.reject(error) },
          onError: errorOf,
        });
      }
      return sseReply(c, replyHeaders, { first, rest: iterator, onError: errorOf, direct });
    } catch (error) {
      if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(c, error);
      const mapped = mapToError(error);
      c.var.log.warn({ err: error }, "A2A JSON-RPC call failed");
      // Only A2A errors carry text meant for the caller (see SafeRequestHandler).
      const safe =
        error instanceof A2AError ? mapped : { code: mapped.code, message: internalErrorMessage };
      return c.json(rpcError(body, safe), safe.code === -32603 ? 500 : 200);
    }
  };
}
