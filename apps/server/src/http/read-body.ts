import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./env.js";
import { AppError } from "./errors.js";

/** Validates the parsed JSON body against a schema; the first problem becomes a 400 message. */
export function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.var.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? "Request body is invalid";
  throw new AppError("validation_failed", message);
}
