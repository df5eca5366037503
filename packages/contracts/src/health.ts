import { z } from "zod";

/** Storage engines the server can run on. */
export const databaseDialects = ["sqlite", "postgres"] as const;

/** A storage engine the server can run on. */
export type DatabaseDialect = (typeof databaseDialects)[number];

/**
 * Reply of GET /api/v1/health. `ok` (200): serving. `degraded` (503): the database did not answer
 * within the health check's bound or refused, or its storage is full. `draining` (503): shutting
 * down, finishing replies.
 */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded", "draining"]),
  version: z.string(),
  database: z.object({
    dialect: z.enum(databaseDialects),
    /** Whether the database answered the health check in time. */
    status: z.enum(["ok", "unavailable"]),
    /** Name of the newest applied migration (last known), or null on an empty database. */
    migration: z.string().nullable(),
    /** Number of applied migrations (last known). */
    migrations: z.number().int().nonnegative(),
    /** SQLite: `full` when the data folder's disk has less room than the reserve for deletes. */
    storage: z.enum(["ok", "full"]).optional(),
  }),
  uptime_seconds: z.number().nonnegative(),
  /** Why the server is not `ok`, for people (clients show it as the error text). */
  message: z.string().optional(),
});

/** Reply of GET /api/v1/health. */
export type HealthResponse = z.infer<typeof healthResponseSchema>;
