import type { IncomingMessage, ServerResponse } from "node:http";
import { deflate as deflateCallback, gzip as gzipCallback } from "node:zlib";
import { type ErrorEnvelope, errorStatus } from "@a2a-chat/contracts";
import { parseAccept } from "hono/utils/accept";
import type { SessionCheck } from "../auth/active-session-cache.js";
import type { AuthContext } from "../auth/auth-context.js";
import { authContextOf, bearerToken } from "../auth/require-auth.js";
import type { TokenService } from "../auth/token-service.js";
import type { Logger } from "../log/logger.js";
import {
  countHit,
  limitHeaderPairs,
  type RateLimitOptions,
  rateLimitedMessage,
  userLimitKey,
} from "../rate-limit/rate-limit.js";
import { compressThresholdBytes } from "./compress-threshold.js";
import { urlContainsNul } from "./contains-nul.js";
import { errorReplyOf } from "./errors.js";
import type { FastPath } from "./health-fast-path.js";
import { logAccess, requestIdOf, traceHeader } from "./middleware/request-context.js";
import { apiHeaderPairs } from "./middleware/security-headers.js";

/** What a read sends: a JSON-serialisable body and headers of its own (a Link, say). */
export interface ReadReply {
  body: unknown;
  headers?: [string, string][];
}

/**
 * One authenticated JSON read that may be answered before Hono. `parse` reads the query string and
 * returns undefined for anything it would refuse, leaving the request to the route (and its 400).
 */
export interface FastRead<Q = unknown> {
  parse(query: Record<string, string>): Q | undefined;
  /** The reply, without a promise when it is known at once (a read SQLite answered at once). */
  answer(auth: AuthContext, query: Q, path: string): ReadReply | Promise<ReadReply>;
}

/** A read with its query type checked, stored beside others of other types. */
export function fastRead<Q>(read: FastRead<Q>): FastRead {
  return read as FastRead;
}

export interface ReadFastPathDeps {
  /** The reads, by exact path. */
  reads: Map<string, FastRead>;
  tokens: Pick<TokenService, "verifiedBefore">;
  /** The session check requireAuth uses; only its in-memory answer (knownActive) is taken here. */
  sessions: SessionCheck;
  /** The per-user API limit, counted in the same store as Hono's. */
  perUserLimit: Pick<RateLimitOptions, "store" | "limit" | "windowSeconds" | "now">;
  logger: Logger;
  /** The public URL is HTTPS (HSTS is sent). */
  https: boolean;
}

const encoders = {
  gzip: gzipCallback,
  deflate: deflateCallback,
} as const;
type Encoding = keyof typeof encoders;

/** The encoding Hono's compress would pick: gzip first at equal weight, none at q=0. */
function chooseEncoding(header: string): Encoding | undefined {
  const accepts = parseAccept(header);
  const wildcard = accepts.find((entry) => entry.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ["gzip", "deflate"] as const) {
    const q = accepts.find((entry) => entry.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** The query string's first value of each name, as Hono's `c.req.query()` gives it. */
function firstValues(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (!(name in values)) values[name] = value;
  }
  return values;
}

/**
 * Authenticated JSON reads answered in Node's request listener, before Hono: when a GET's bearer
 * token verified before (and has not expired) and its session is known active in this process,
 * the read runs without the nine middleware layers and without a web Request or Response. It
 * sends what the route sends: the API security headers, no-store, the request id, the per-user
 * limit's headers (429 past it, counted in the same store), the body compressed as Hono's
 * compress would, and errors as the route's error handler maps them; it writes the same access
 * line. Anything else — an unknown or new token, a session not known active (always so on
 * PostgreSQL, where replicas read the session per request), a query the read would refuse, a
 * request with a body or a NUL — goes to Hono untouched, which answers it, 401 and 400 included.
 */
export function readFastPath(deps: ReadFastPathDeps): FastPath {
  const fixed = [...apiHeaderPairs(deps.https), "Cache-Control", "no-store"];

  const write = (
    req: IncomingMessage,
    res: ServerResponse,
    context: { id: string; path: string; started: number },
    status: number,
    body: unknown,
    extra: string[],
  ): void => {
    const json = JSON.stringify(body);
    const headers = [
      traceHeader,
      context.id,
      ...fixed,
      ...extra,
      "Content-Type",
      "application/json",
    ];
    const accepted = req.headers["accept-encoding"];
    const bytes = Buffer.byteLength(json);
    const finish = (payload: string | Buffer, length: number) => {
      headers.push("Content-Length", String(length));
      res.writeHead(status, headers);
      res.end(payload);
      logAccess(deps.logger, { ...context, method: "GET", status });
    };
    if (accepted === undefined || bytes < compressThresholdBytes) {
      finish(json, bytes);
      return;
    }
    headers.push("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(accepted);
    if (!encoding) {
      finish(json, bytes);
      return;
    }
    encoders[encoding](json, (error, packed) => {
      if (error) {
        res.destroy(error);
        return;
      }
      headers.push("Content-Encoding", encoding);
      finish(packed, packed.length);
    });
  };

  const fail = (
    req: IncomingMessage,
    res: ServerResponse,
    context: { id: string; path: string; started: number },
    error: unknown,
    extra: string[],
  ): void => {
    const reply = errorReplyOf(error, deps.logger.child({ reqId: context.id }));
    const body: ErrorEnvelope = { error: reply.code, message: reply.message };
    const headers = [...extra];
    for (const [name, value] of Object.entries(reply.headers)) headers.push(name, value);
    write(req, res, context, errorStatus[reply.code], body, headers);
  };

  const run = (
    req: IncomingMessage,
    res: ServerResponse,
    context: { id: string; path: string; started: number },
    read: FastRead,
    auth: AuthContext,
    query: unknown,
    extra: string[],
  ): void => {
    const send = (reply: ReadReply) => {
      const headers = [...extra];
      for (const [name, value] of reply.headers ?? []) headers.push(name, value);
      write(req, res, context, 200, reply.body, headers);
    };
    let answered: ReadReply | Promise<ReadReply>;
    try {
      answered = read.answer(auth, query, context.path);
    } catch (error) {
      fail(req, res, context, error, extra);
      return;
    }
    if (answered instanceof Promise) {
      answered.then(send, (error: unknown) => fail(req, res, context, error, extra));
    } else {
      send(answered);
    }
  };

  // A read's parse of no query at all, done once: most requests carry none.
  const bare = new Map<FastRead, unknown>();
  for (const read of deps.reads.values()) bare.set(read, read.parse({}));

  return (req, res) => {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const path = mark === -1 ? url : url.slice(0, mark);
    const read = deps.reads.get(path);
    if (!read) return false;
    const headers = req.headers;
    if (
      headers["content-length"] !== undefined ||
      headers["transfer-encoding"] !== undefined ||
      headers["x-a2a-notification-token"] !== undefined ||
      typeof headers.authorization !== "string" ||
      // The route refuses a NUL anywhere in the URL (raw or percent-encoded) with its own 400.
      urlContainsNul(url)
    ) {
      return false;
    }
    const token = bearerToken(headers.authorization);
    const claims = token === undefined ? undefined : deps.tokens.verifiedBefore(token);
    if (!claims || deps.sessions.knownActive?.(claims.session_id, claims.sub) !== true) {
      return false;
    }
    const query = mark === -1 ? bare.get(read) : read.parse(firstValues(url.slice(mark + 1)));
    if (query === undefined) return false;

    const trace = headers[traceHeader];
    const context = {
      id: requestIdOf(Array.isArray(trace) ? trace.join(", ") : trace),
      path,
      started: performance.now(),
    };
    const auth = authContextOf(claims);
    const counted = countHit(deps.perUserLimit, userLimitKey(auth.userId));
    if (counted === undefined) {
      run(req, res, context, read, auth, query, []);
      return true;
    }
    counted.then(
      (verdict) => {
        const extra = limitHeaderPairs(verdict);
        if (verdict.retryAfterSeconds === undefined) {
          run(req, res, context, read, auth, query, extra);
          return;
        }
        const body: ErrorEnvelope = { error: "rate_limited", message: rateLimitedMessage };
        write(req, res, context, 429, body, extra);
      },
      (error: unknown) => fail(req, res, context, error, []),
    );
    return true;
  };
}
