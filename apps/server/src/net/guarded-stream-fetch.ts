import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { headersForOtherOrigin } from "./cross-origin-headers.js";
import {
  GuardedFetchError,
  type OutboundPolicy,
  type VettedTarget,
  vetUrl,
} from "./guarded-fetch.js";
import { linkedAbort } from "./linked-abort.js";

/** Limits of a streaming fetch beyond those of OutboundPolicy. */
export interface StreamPolicy extends OutboundPolicy {
  /** An event stream that sends nothing for this long is cut. */
  idleMs: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function pinnedLookup(target: VettedTarget): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function open(
  target: VettedTarget,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { url } = target;
  const make = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = make(
      {
        method,
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
        },
        lookup: pinnedLookup(target),
        signal,
      },
      resolve,
    );
    req.on("error", () =>
      reject(
        signal.aborted
          ? new GuardedFetchError("timeout", "Request timed out")
          : new GuardedFetchError("network", "Connection failed"),
      ),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Most of a body read off the socket that its reader has not taken yet, in bytes: past it the
 * socket is no longer read (what the sender writes more waits in TCP's buffers, then on its side),
 * and it is read again once the reader took it below half. An agent that sends faster than its
 * reply is stored and streamed on thus costs this much memory at most, not what it sends. Kept
 * by the web body's queue (see bodyOf) and by the SSE reader's queue of events (listenedSseData).
 */
export const maxUnreadBodyBytes = 1024 * 1024;

/** Where a watched body's chunks go (see watchBody). */
export interface BodySink {
  /** A chunk as it came off the socket (its own buffer, not a copy). */
  data(chunk: Buffer): void;
  end(): void;
  error(error: Error): void;
}

/** A watched body's reading: paused while its reader is behind, or dropped. */
export interface BodyFlow {
  /** Stops reading the socket until resume (no chunk comes meanwhile; the idle cut waits too). */
  pause(): void;
  resume(): void;
  /** Drops the connection; nothing more reaches the sink. */
  cancel(): void;
}

/**
 * Hands a body's chunks to `sink` as they come. Event streams may last (an agent's reply) but are
 * cut when idle for policy.idleMs; any other body is cut past policy.maxBytes. A chunk only notes
 * when it came: one timer per stream checks the quiet time, so a reply of thousands of events
 * arms no timer per event. While paused (the reader is behind, not the sender) the stream is not
 * idle: its quiet time counts from the resume; nor is it when our event loop was too busy to read
 * it. After a cancel, the end or an error, nothing more reaches the sink.
 */
function watchBody(
  message: IncomingMessage,
  policy: StreamPolicy,
  stop: () => void,
  sink: BodySink,
): BodyFlow {
  const isStream = (message.headers["content-type"] ?? "").includes("text/event-stream");
  let size = 0;
  let idle: NodeJS.Timeout | undefined;
  let lastDataAt = performance.now();
  let paused = false;
  // Set once cancelled or ended: data already read off the socket may still arrive.
  let done = false;
  const fail = (error: Error) => {
    if (done) return;
    done = true;
    clearTimeout(idle);
    stop();
    message.destroy();
    sink.error(error);
  };
  const check = (again: boolean) => {
    if (done) return;
    const quietMs = performance.now() - lastDataAt;
    if (paused) watch(policy.idleMs);
    else if (quietMs < policy.idleMs) watch(policy.idleMs - quietMs);
    // After our event loop was busy that long, the timer comes before the socket's data: the
    // loop reads what is ready before an immediate runs, so the stream is cut only if it is
    // still quiet then.
    else if (!again) setImmediate(check, true);
    else fail(new GuardedFetchError("timeout", "The stream stopped sending"));
  };
  const watch = (delayMs: number) => {
    idle = setTimeout(check, delayMs, false);
  };
  if (isStream) watch(policy.idleMs);
  message.on("data", (chunk: Buffer) => {
    if (done) return;
    size += chunk.length;
    if (!isStream && size > policy.maxBytes) {
      fail(new GuardedFetchError("too_large", "Response exceeds the size limit"));
      return;
    }
    lastDataAt = performance.now();
    sink.data(chunk);
  });
  message.on("end", () => {
    if (done) return;
    done = true;
    clearTimeout(idle);
    stop();
    sink.end();
  });
  message.on("error", () => fail(new GuardedFetchError("network", "Connection failed")));
  message.on("aborted", () => fail(new GuardedFetchError("network", "Connection closed")));
  return {
    pause: () => {
      if (paused || done) return;
      paused = true;
      message.pause();
    },
    resume: () => {
      if (!paused || done) return;
      paused = false;
      lastDataAt = performance.now();
      message.resume();
    },
    cancel: () => {
      done = true;
      clearTimeout(idle);
      stop();
      message.destroy();
    },
  };
}

/**
 * The body as a web stream (see watchBody for its limits) whose queue holds maxUnreadBodyBytes:
 * the socket is paused while the queue is full and read again once its reader took it below half.
 * A failure of the body (cut when idle, dropped) comes after the chunks that came before it.
 */
function bodyOf(message: IncomingMessage, policy: StreamPolicy, stop: () => void) {
  let flow: BodyFlow | undefined;
  let failure: Error | undefined;
  const drained = (controller: ReadableStreamDefaultController<Uint8Array>) =>
    (controller.desiredSize ?? 0) >= maxUnreadBodyBytes;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        flow = watchBody(message, policy, stop, {
          data: (chunk) => {
            // The socket's own buffer, not a copy.
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) flow?.pause();
          },
          end: () => {
            try {
              controller.close();
            } catch {
              // already errored
            }
          },
          error: (error) => {
            // An error empties the queue: it waits for the reader to have taken the queue.
            failure = error;
            if (drained(controller)) controller.error(error);
          },
        });
      },
      pull(controller) {
        if (failure) {
          if (drained(controller)) controller.error(failure);
        } else if ((controller.desiredSize ?? 0) >= maxUnreadBodyBytes / 2) flow?.resume();
      },
      cancel() {
        flow?.cancel();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxUnreadBodyBytes }),
  );
}

/**
 * An answer of the guarded streaming fetch before its body is read: as a web Response, or (for
 * an event stream read as it comes, an agent's reply) its chunks handed to a sink, with no web
 * stream to enqueue into and read back from per chunk. Either one, once.
 */
export interface GuardedAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: Headers;
  /** The answer as a web Response whose body streams (see bodyOf). */
  response(): Response;
  /** Hands the body's chunks to `sink` (see watchBody); its reader paces it with the flow. */
  listen(sink: BodySink): BodyFlow;
}

function answerOf(
  message: IncomingMessage,
  nullBody: boolean,
  policy: StreamPolicy,
  stop: () => void,
): GuardedAnswer {
  const status = message.statusCode ?? 0;
  const headers = headersOf(message);
  return {
    ok: status >= 200 && status <= 299,
    status,
    headers,
    response: () =>
      new Response(nullBody ? null : bodyOf(message, policy, stop), { status, headers }),
    listen: (sink) => {
      if (!nullBody) return watchBody(message, policy, stop, sink);
      sink.end();
      return { pause: () => undefined, resume: () => undefined, cancel: () => undefined };
    },
  };
}

function plainHeaders(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * A fetch for user-supplied URLs whose answers stream (an agent's replies): every hop is vetted
 * like guardedFetch's (no loopback, private, link-local or metadata address unless allow-listed;
 * connections pinned to the vetted address), the answer's headers must come within
 * policy.timeoutMs, and redirects are followed at most policy.maxRedirects times, credentials
 * dropped when one leaves the origin. Bodies are given as streams (see watchBody for their limits).
 */
export function guardedStreamFetch(policy: StreamPolicy): typeof fetch {
  const open = guardedStreamOpen(policy);
  return async (input, init) => (await open(input, init)).response();
}

/** guardedStreamFetch's request, answering before the body is read (see GuardedAnswer). */
export type GuardedOpen = (
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
) => Promise<GuardedAnswer>;

/** guardedStreamFetch, its answer given as a GuardedAnswer: same checks and limits. */
export function guardedStreamOpen(policy: StreamPolicy): GuardedOpen {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    let current = request ? request.url : String(input);
    let method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    let headers = plainHeaders(init?.headers ?? request?.headers);
    // Text, or a form (OAuth token requests) sent as its text.
    const form = init?.body instanceof URLSearchParams ? init.body : undefined;
    let body = typeof init?.body === "string" ? init.body : form?.toString();
    if (form && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type"))
      headers["content-type"] = "application/x-www-form-urlencoded";
    if (init?.body !== undefined && init.body !== null && body === undefined)
      throw new GuardedFetchError("bad_url", "Only text request bodies are supported");
    const { controller: stopAll, release: stop } = linkedAbort(init?.signal ?? request?.signal);
    const deadline = setTimeout(
      () => stopAll.abort(new GuardedFetchError("timeout", "Request timed out")),
      policy.timeoutMs,
    );
    try {
      for (let redirects = 0; ; redirects += 1) {
        const target = await vetUrl(current, policy);
        if (stopAll.signal.aborted) throw new GuardedFetchError("timeout", "Request timed out");
        const message = await open(target, method, headers, body, stopAll.signal);
        const status = message.statusCode ?? 0;
        const location = message.headers.location;
        if (!redirectStatuses.has(status) || !location) {
          clearTimeout(deadline);
          const nullBody = status === 204 || status === 304 || method === "HEAD";
          if (nullBody) {
            message.resume();
            stop();
          }
          return answerOf(message, nullBody, policy, stop);
        }
        message.resume();
        if (redirects >= policy.maxRedirects)
          throw new GuardedFetchError("too_many_redirects", "Too many redirects");
        const next = new URL(location, target.url);
        if (next.origin !== target.url.origin) headers = headersForOtherOrigin(headers);
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          delete headers["content-type"];
        }
        current = next.href;
      }
    } catch (error) {
      clearTimeout(deadline);
      stop();
      throw error;
    }
  };
}
