import { nulCharacterMessage } from "@a2a-chat/contracts";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { containsNul } from "../contains-nul.js";
import type { AppEnv } from "../env.js";
import { AppError } from "../errors.js";

const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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

/**
 * Guards every API write: the body must fit the limit, be declared as JSON, parse and hold no NUL
 * character. The parsed value is put on the context, so a rejected request never reaches a
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
): MiddlewareHandler<AppEnv>[] {
  const limit = bodyLimit({
    maxSize: limitBytes,
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `Request body is larger than the limit of ${limitBytes} bytes`,
      );
    },
  });
  const parse: MiddlewareHandler<AppEnv> = async (c, next) => {
    // A chunked request may still carry nothing; only a non-empty body needs a JSON type.
    const text = hasBody(c.req.raw) ? await c.req.text() : "";
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
    return limit(c, async () => {
      await parse(c, next);
    });
  };
  return [onlyWrites];
}
