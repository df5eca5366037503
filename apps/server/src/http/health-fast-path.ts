import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorEnvelope } from "@a2a-chat/contracts";
import type { Logger } from "../log/logger.js";
import { clientIpOf } from "../rate-limit/client-ip.js";
import {
  type LimitVerdict,
  limitHeaderPairs,
  rateLimitedMessage,
} from "../rate-limit/rate-limit.js";
import { type HealthCheck, healthStatusCode } from "../routes/health/health.js";
import { logAccess, requestIdOf, traceHeader } from "./middleware/request-context.js";
import { apiHeaderPairs } from "./middleware/security-headers.js";

/** The one path answered before Hono. */
export const healthPath = "/api/v1/health";

/** What the fast path needs: the same check, limit and log as the Hono route. */
export interface HealthFastPathDeps {
  check: HealthCheck;
  logger: Logger;
  /** The public URL is HTTPS (HSTS is sent). */
  https: boolean;
  trustProxyHops: number;
  /** Counts a request against the per-IP public limit (the store Hono's API uses); undefined when off. */
  countHit: (ip: string) => Promise<LimitVerdict> | undefined;
}

/** A Node header as one string, a repeated one joined as Node joins it. */
function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Answers a request when it can and says so; false leaves the request to Hono, untouched. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * `GET /api/v1/health` answered in Node's request listener, before Hono: a load balancer's check
 * runs none of the nine middleware layers and builds no web Request or Response. It keeps what
 * the route through Hono does: the same check of the database (asked on every request, nothing
 * reused), the API security headers, no-store, the request id (an incoming safe x-trace-id kept)
 * echoed, the per-IP public rate limit counted in the same store (429 past it), and the access
 * line when info is logged. Anything else (HEAD, a query string, a token or push token whose
 * counting differs) goes to Hono.
 */
export function healthFastPath(deps: HealthFastPathDeps): FastPath {
  const fixed = [...apiHeaderPairs(deps.https), "Content-Type", "application/json"];

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    started: number,
    status: number,
    json: string,
    extra: string[],
  ): void => {
    const headers = [traceHeader, id, ...fixed, "Cache-Control", "no-store", ...extra];
    headers.push("Content-Length", String(Buffer.byteLength(json)));
    res.writeHead(status, headers);
    res.end(json);
    logAccess(deps.logger, { id, method: req.method, path: healthPath, status, started });
  };

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    started: number,
    extra: string[],
  ): void => {
    const body = deps.check.answer();
    if (body instanceof Promise) {
      body.then(
        (later) =>
          send(req, res, id, started, healthStatusCode(later), JSON.stringify(later), extra),
        (error: unknown) => fail(req, res, id, started, error),
      );
      return;
    }
    send(req, res, id, started, healthStatusCode(body), JSON.stringify(body), extra);
  };

  const fail = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    started: number,
    error: unknown,
  ): void => {
    deps.logger.child({ reqId: id }).error({ err: error }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body: ErrorEnvelope = { error: "internal_error", message: "Internal server error" };
    send(req, res, id, started, 500, JSON.stringify(body), []);
  };

  const limited = (
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    started: number,
    verdict: LimitVerdict,
  ): void => {
    const extra = limitHeaderPairs(verdict);
    if (verdict.retryAfterSeconds === undefined) {
      answer(req, res, id, started, extra);
      return;
    }
    const body: ErrorEnvelope = { error: "rate_limited", message: rateLimitedMessage };
    send(req, res, id, started, 429, JSON.stringify(body), extra);
  };

  return (req, res) => {
    if (req.url !== healthPath || req.method !== "GET") return false;
    const headers = req.headers;
    if (headers.authorization !== undefined || headers["x-a2a-notification-token"] !== undefined) {
      return false;
    }
    const started = performance.now();
    const id = requestIdOf(joined(headers[traceHeader]));
    const forwardedFor = deps.trustProxyHops > 0 ? joined(headers["x-forwarded-for"]) : undefined;
    const ip = clientIpOf(forwardedFor, req.socket.remoteAddress, deps.trustProxyHops);
    const counted = deps.countHit(ip);
    if (counted === undefined) {
      answer(req, res, id, started, []);
      return true;
    }
    counted.then(
      (verdict) => limited(req, res, id, started, verdict),
      (error: unknown) => fail(req, res, id, started, error),
    );
    return true;
  };
}

/** Several fast paths as one: the first that answers takes the request. */
export function firstOf(...paths: FastPath[]): FastPath {
  return (req, res) => {
    for (const path of paths) if (path(req, res)) return true;
    return false;
  };
}

/** Node's request listener: the fast path first, then Hono's listener for everything else. */
export function listenerWithFastPath(
  fastPath: FastPath,
  fallback: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (!fastPath(req, res)) void fallback(req, res);
  };
}
