import { z } from "zod";

/** Storage engines the server can run on. */
export const databaseDialects = ["sqlite", "postgres"] as const;

/** A storage engine the server can run on. */
export type DatabaseDialect = (typeof databaseDialects)[number];

/** Reply of GET /api/v1/health. */
export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  database: z.object({
    dialect: z.enum(databaseDialects),
    /** Name of the newest applied migration, or null on an empty database. */
    migration: z.string().nullable(),
    /** Number of applied migrations. */
    migrations: z.number().int().nonnegative(),
  }),
  uptime_seconds: z.number().nonnegative(),
});

/** Reply of GET /api/v1/health. */
export type HealthResponse = z.infer<typeof healthResponseSchema>;
