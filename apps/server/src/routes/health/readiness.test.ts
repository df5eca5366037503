import { livenessResponseSchema, readinessResponseSchema } from "@a2a-chat/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { createTestDatabase, type TestDatabase, testDialects } from "../../test/databases.js";

for (const dialect of testDialects) {
  describe(`liveness and readiness [${dialect}]`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.destroy();
      database = undefined;
    });

    it("is ready on a migrated database, and not ready while draining", async () => {
      database = await createTestDatabase(dialect);
      const app = createTestApp(database, { config: { server: { healthTimeoutMs: 5000 } } });

      const live = await app.request("/api/v1/health/live");
      expect(live.status).toBe(200);
      expect(livenessResponseSchema.parse(await live.json())).toEqual({ status: "live" });

      const ready = await app.request("/api/v1/health/ready");
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(readinessResponseSchema.parse(await ready.json())).toEqual({
        status: "ready",
        checks: { database: "ok", migrations: "ok", draining: "ok", storage: "ok" },
        failed: [],
      });

      app.services.runs.draining = true;
      const draining = await app.request("/api/v1/health/ready");
      expect(draining.status).toBe(503);
      expect(readinessResponseSchema.parse(await draining.json())).toEqual({
        status: "not_ready",
        checks: { database: "ok", migrations: "ok", draining: "failed", storage: "ok" },
        failed: ["draining"],
        message: "The server is shutting down.",
      });
      // Liveness never depends on the drain: the process is still up.
      expect((await app.request("/api/v1/health/live")).status).toBe(200);
    });

    it("is not ready while the database is down, and live all the same", async () => {
      database = await createTestDatabase(dialect);
      const app = createTestApp(database, { config: { server: { healthTimeoutMs: 5000 } } });
      expect((await app.request("/api/v1/health/ready")).status).toBe(200);

      await database.db.close();
      const down = await app.request("/api/v1/health/ready");
      expect(down.status).toBe(503);
      const body = readinessResponseSchema.parse(await down.json());
      expect(body.status).toBe("not_ready");
      expect(body.failed).toContain("database");
      expect(body.checks.database).toBe("failed");
      expect(body.checks.draining).toBe("ok");
      expect(body.message).toMatch(
        /^The database (refused the health check|did not answer within 5000 ms)\./,
      );
      expect((await app.request("/api/v1/health/live")).status).toBe(200);
      database = undefined;
    });

    it("is not ready before the migrations are applied", async () => {
      database = await createTestDatabase(dialect, { migrate: false });
      const app = createTestApp(database, { config: { server: { healthTimeoutMs: 5000 } } });
      const res = await app.request("/api/v1/health/ready");
      expect(res.status).toBe(503);
      const body = readinessResponseSchema.parse(await res.json());
      expect(body.failed).toEqual(["migrations"]);
      expect(body.message).toMatch(/^0 of \d+ migrations are applied\.$/);
    });
  });
}
