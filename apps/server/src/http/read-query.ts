import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./env.js";
import { AppError } from "./errors.js";

/** Validates the query string (first value of each name) against a schema; 400 on the first problem. */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Query is invalid";
  throw new AppError("validation_failed", message);
}
