import { z } from "zod";

/** The checks behind GET /api/v1/health/ready, in the order they are reported. */
export const readinessCheckNames = ["database", "migrations", "draining", "storage"] as const;
export type ReadinessCheckName = (typeof readinessCheckNames)[number];

/** GET /api/v1/health/live: the process is up (the database is not asked). */
export const livenessResponseSchema = z.object({ status: z.literal("live") });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/**
 * GET /api/v1/health/ready: 200 `ready` when every check passed, else 503 `not_ready` with the
 * failed checks named in `failed` and each one's reason in `message`.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({
    database: z.enum(["ok", "failed"]),
    migrations: z.enum(["ok", "failed"]),
    draining: z.enum(["ok", "failed"]),
    storage: z.enum(["ok", "failed"]),
  }),
  failed: z.array(z.enum(readinessCheckNames)),
  message: z.string().optional(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
