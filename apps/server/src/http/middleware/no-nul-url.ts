import { nulCharacterMessage } from "@a2a-chat/contracts";
import type { MiddlewareHandler } from "hono";
import { urlContainsNul } from "../contains-nul.js";
import type { AppEnv } from "../env.js";
import { AppError } from "../errors.js";

/** Refuses (400) an API request whose path or query holds a NUL character, before any handler. */
export function noNulUrl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (urlContainsNul(c.req.url)) throw new AppError("validation_failed", nulCharacterMessage);
    await next();
  };
}
