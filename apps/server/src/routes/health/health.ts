import type { HealthResponse } from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { Db } from "../../db/database.js";
import { migrationLevel } from "../../db/migrate.js";
import type { AppEnv } from "../../http/env.js";
import { version } from "../../version.js";

/** GET /api/v1/health: liveness plus what the server is running on. */
export function healthRoutes(db: Db, startedAt: number): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/", async (c) => {
    const level = await migrationLevel(db);
    const body: HealthResponse = {
      status: "ok",
      version,
      database: {
        dialect: db.dialect,
        migration: level.latest,
        migrations: level.applied.length,
      },
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });
  return routes;
}
