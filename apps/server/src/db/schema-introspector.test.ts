import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../test/databases.js";
import { runAsAdmin as run } from "../test/postgres-probe.js";

const onPostgres = testDialects.includes("postgres") ? describe : describe.skip;

onPostgres("introspecting a PostgreSQL database's own schema", () => {
  let database: TestDatabase;
  const other = `other_${process.pid}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await run(`CREATE SCHEMA "${other}"`);
    await run(`CREATE TABLE "${other}".elsewhere (id text)`);
  });
  afterAll(async () => {
    await run(`DROP SCHEMA IF EXISTS "${other}" CASCADE`);
    await database?.destroy();
  });

  it("lists the schema's own tables and no other schema's", async () => {
    const { db } = database;
    const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((t) => t.name)).toContain("users");
    expect(tables.map((t) => t.name)).toContain("kysely_migration");
    expect(tables.map((t) => t.name)).not.toContain("elsewhere");
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([db.location]));
    const users = tables.find((t) => t.name === "users");
    expect(users?.columns.find((c) => c.name === "id")).toMatchObject({ isNullable: false });
    expect(await db.kysely.introspection.getSchemas()).toEqual([{ name: db.location }]);
    const own = await db.kysely.introspection.getTables();
    expect(own.map((t) => t.name)).not.toContain("kysely_migration");
  });

  it("tells serial and identity columns from the others", async () => {
    const { db } = database;
    await run(
      `CREATE TABLE "${db.location}".counted (n serial, g integer generated always as identity, t text)`,
    );
    const tables = await db.kysely.introspection.getTables();
    const columns = tables.find((t) => t.name === "counted")?.columns ?? [];
    expect(columns.map((c) => [c.name, c.isAutoIncrementing, c.dataType])).toEqual([
      ["n", true, "int4"],
      ["g", true, "int4"],
      ["t", false, "text"],
    ]);
  });

  it("keeps working while another schema in the database is dropped", async () => {
    // Migrations look for their bookkeeping tables this way; two servers (or test files) in one
    // database, one dropping its schema while the other starts, must not fail the other's start.
    // A snapshot taken before the drop still shows the dropped schema's rows in the catalog.
    const { db } = database;
    await run(`CREATE SCHEMA IF NOT EXISTS "${other}"`);
    await db.kysely
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`select count(*) from pg_catalog.pg_namespace`.execute(trx);
        await run(`DROP SCHEMA "${other}" CASCADE`);
        const tables = await trx.introspection.getTables({ withInternalKyselyTables: true });
        expect(tables.map((t) => t.name)).toContain("kysely_migration");
      });
  });
});
