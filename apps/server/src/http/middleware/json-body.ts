import type { IncomingMessage } from "node:http";
import {
  jsonMaxDepth,
  jsonTooDeepMessage,
  jsonTooManyValuesMessage,
  nulCharacterMessage,
} from "@a2a-chat/contracts";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { containsNul } from "../contains-nul.js";
import type { AppEnv } from "../env.js";
import { AppError } from "../errors.js";
import { jsonShapeProblem } from "../json-shape.js";

/** The methods whose requests may carry a body this guard reads. */
export const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** How much of a request's body may be read, and how many JSON values it may hold. */
export interface BodyAllowance {
  /** Bytes this request may send; undefined leaves its body unread (`body` stays undefined). */
  bodyLimitOf?: (c: Context<AppEnv>) => number | undefined;
  /** Most JSON values a body may hold (see json-shape.ts); unbounded when not given. */
  maxJsonValues?: number;
}

/** Refuses JSON whose nesting or number of values would make parsing it costly (json-shape.ts). */
function checkShape(text: string, maxValues: number): void {
  const problem = jsonShapeProblem(text, { maxDepth: jsonMaxDepth, maxValues });
  if (problem === "too_deep") throw new AppError("json_too_complex", jsonTooDeepMessage);
  if (problem === "too_many_values") {
    throw new AppError("json_too_complex", jsonTooManyValuesMessage(maxValues));
  }
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding") || request.body !== null;
}

function isPlainText(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "text/plain";
}

function isFormType(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

/** The request's bytes as text, decoded as a web Request's text() decodes them (UTF-8, BOM dropped). */
const decoder = new TextDecoder();

/** Node's request with the field @hono/node-server builds a web Request's body from when set. */
type IncomingWithRawBody = IncomingMessage & { rawBody?: Buffer };

/**
 * Reads the body straight from Node's request, at most `limitBytes` (`tooLarge` past it): under
 * @hono/node-server a web Request (its headers, abort signal and body stream) is built only when
 * something reads it, which costs more than the handling of a small JSON write. The bytes are kept
 * as the request's rawBody, which @hono/node-server uses should a web Request be built later.
 */
function readIncoming(
  incoming: IncomingWithRawBody,
  limitBytes: number,
  tooLarge: () => never,
): Promise<string> {
  const declared = incoming.headers["content-length"];
  const chunked = incoming.headers["transfer-encoding"] !== undefined;
  if (declared !== undefined && !chunked && Number.parseInt(declared, 10) > limitBytes) tooLarge();
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        // The rest is left unread; @hono/node-server drains it once the answer is sent.
        incoming.pause();
        try {
          tooLarge();
        } catch (error) {
          reject(error);
        }
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      incoming.rawBody = bytes;
      resolve(decoder.decode(bytes));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error("The client closed the request before its body was read"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

/** Whether Node's request still has a body to read (as hasBody asks of a web Request). */
function incomingHasBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return incoming.headers["transfer-encoding"] !== undefined;
}

/** Node's request when it is served by @hono/node-server and its body was not read yet. */
function unreadIncoming(c: Context<AppEnv>): IncomingWithRawBody | undefined {
  const incoming = c.env?.incoming as IncomingWithRawBody | undefined;
  if (!incoming || incoming.rawBody !== undefined || incoming.readableDidRead) return undefined;
  return incoming;
}

/**
 * Guards every API write: the body must fit the limit, be declared as JSON, keep its nesting and
 * number of values within bounds (checked in one pass before parsing), parse and hold no NUL
 * character. `allowance.bodyLimitOf` may lower the limit per request, or leave a body unread. The parsed value is put on the context, so a rejected request never reaches a
 * handler and writes nothing. Paths under `plainTextPrefix` also take JSON sent as text/plain,
 * which is what navigator.sendBeacon sends for a string. The paths in `formPaths` (the OAuth token
 * endpoint, form-encoded by RFC 6749) take a form instead, put on the context as its fields.
 * Paths for which `isRawPath` holds (file uploads) are left to their route, which reads and
 * bounds the body itself.
 */
export function jsonBody(
  limitBytes: number,
  plainTextPrefix?: string,
  formPaths: readonly string[] = [],
  isRawPath: (path: string) => boolean = () => false,
  allowance: BodyAllowance = {},
): MiddlewareHandler<AppEnv>[] {
  const tooLargeFor = (bytes: number) => (): never => {
    throw new AppError(
      "payload_too_large",
      `Request body is larger than the limit of ${bytes} bytes`,
    );
  };
  const maxValues = allowance.maxJsonValues ?? Number.POSITIVE_INFINITY;
  const parse = async (c: Context<AppEnv>, next: () => Promise<void>, text: string) => {
    if (text.trim() === "") {
      c.set("body", undefined);
      return next();
    }
    const type = c.req.header("content-type");
    if (formPaths.includes(c.req.path)) {
      if (!isFormType(type)) {
        throw new AppError(
          "unsupported_media_type",
          "Content-Type must be application/x-www-form-urlencoded",
        );
      }
      const form = Object.fromEntries(new URLSearchParams(text));
      if (containsNul(form)) throw new AppError("validation_failed", nulCharacterMessage);
      c.set("body", form);
      return next();
    }
    const plainTextAllowed =
      plainTextPrefix !== undefined && c.req.path.startsWith(plainTextPrefix);
    if (!isJsonType(type) && !(plainTextAllowed && isPlainText(type))) {
      throw new AppError("unsupported_media_type", "Content-Type must be application/json");
    }
    checkShape(text, maxValues);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("invalid_json", "Request body is not valid JSON");
    }
    c.set("body", body);
    // JSON can only carry NUL as the escape \u0000, so most bodies skip the walk.
    if (text.includes("\\u0000") && containsNul(body)) {
      throw new AppError("validation_failed", nulCharacterMessage);
    }
    return next();
  };
  const onlyWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!methodsWithBody.has(c.req.method) || isRawPath(c.req.path)) return next();
    const bytes = allowance.bodyLimitOf ? allowance.bodyLimitOf(c) : limitBytes;
    if (bytes === undefined) return next();
    const tooLarge = tooLargeFor(bytes);
    const incoming = unreadIncoming(c);
    if (incoming) {
      // A chunked request may still carry nothing; only a non-empty body needs a JSON type.
      const text = incomingHasBody(incoming) ? await readIncoming(incoming, bytes, tooLarge) : "";
      return parse(c, next, text);
    }
    // Without Node's request (app.request in tests), through the web Request.
    return bodyLimit({ maxSize: bytes, onError: tooLarge })(c, async () => {
      await parse(c, next, hasBody(c.req.raw) ? await c.req.text() : "");
    });
  };
  return [onlyWrites];
}
