import { healthResponseSchema } from "@a2a-chat/contracts";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { createTestDatabase, type TestDatabase } from "../../test/databases.js";

describe("health on SQLite while the one connection is busy", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("answers ok at once while a transaction holds Kysely's connection, and degraded once the database is closed", async () => {
    database = await createTestDatabase("sqlite");
    // A bound far above a loaded machine's ping: a check that queued behind the held transaction
    // would still miss it, since the transaction ends only after the check.
    const app = createTestApp(database, { config: { server: { healthTimeoutMs: 5000 } } });
    expect((await app.request("/api/v1/health")).status).toBe(200);

    // A request's transaction waits on something else with the connection taken: every query
    // through Kysely queues behind it, as under load.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = database.db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      entered();
      await held;
    });
    await inside;
    const queued = sql`select 1`.execute(database.db.kysely);
    try {
      const res = await app.request("/api/v1/health");
      expect(res.status).toBe(200);
      const body = healthResponseSchema.parse(await res.json());
      expect(body.status).toBe("ok");
      expect(body.database).toMatchObject({ dialect: "sqlite", status: "ok" });
      expect(body.database.migration).not.toBeNull();
    } finally {
      release();
      await transaction;
      await queued;
    }

    await database.db.close();
    const closed = await app.request("/api/v1/health");
    expect(closed.status).toBe(503);
    expect(healthResponseSchema.parse(await closed.json())).toMatchObject({
      status: "degraded",
      database: { status: "unavailable" },
      message: "The database refused the health check.",
    });
    database = undefined;
  });
});
