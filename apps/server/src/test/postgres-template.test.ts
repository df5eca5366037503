import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { migrationLevel } from "../db/migrate.js";
import { migratePostgresSchema, testDialects } from "./databases.js";
import { runAsAdmin, testPostgresUrl, withAdminClient } from "./postgres-probe.js";
import { readSchemaTemplate } from "./postgres-template.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

/** What a schema holds, with its own name taken out so two schemas compare. */
async function describeSchema(schema: string): Promise<unknown[]> {
  const queries = [
    `SELECT table_name, column_name, data_type, is_nullable, column_default, ordinal_position
       FROM information_schema.columns WHERE table_schema = $1`,
    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1",
    `SELECT conrelid::regclass::text AS relation, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = $1::regnamespace`,
    `SELECT event_object_table, trigger_name, event_manipulation, action_statement
       FROM information_schema.triggers WHERE trigger_schema = $1`,
    `SELECT proname, pg_get_functiondef(oid) AS def FROM pg_proc
       WHERE pronamespace = $1::regnamespace`,
  ];
  return withAdminClient(async (client) => {
    const described: unknown[] = [];
    for (const query of queries) {
      const { rows } = await client.query(query, [schema]);
      const text = rows.map((row) => JSON.stringify(row).replaceAll(schema, "SCHEMA")).sort();
      described.push(text);
    }
    return described;
  });
}

run("a test schema copied from a migrated one", () => {
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const migrated = `tmpl_a_${stamp}`;
  const copied = `tmpl_b_${stamp}`;
  afterAll(() =>
    runAsAdmin(
      `DROP SCHEMA IF EXISTS "${migrated}" CASCADE`,
      `DROP SCHEMA IF EXISTS "${copied}" CASCADE`,
    ),
  );

  it("has the migrated schema's tables, indexes, constraints, triggers, functions and level", async () => {
    const settings = { dataDir: ".", url: testPostgresUrl, poolSize: 1 };
    await migratePostgresSchema(migrated);
    const template = await readSchemaTemplate(migrated);
    expect(template).toBeDefined();
    await template?.copyTo(copied);

    const [original, copy] = await Promise.all([describeSchema(migrated), describeSchema(copied)]);
    expect(copy).toEqual(original);
    // Not vacuous: the schema has tables, indexes and the search triggers.
    expect((original[0] as string[]).length).toBeGreaterThan(100);
    expect((original[3] as string[]).length).toBeGreaterThan(0);

    const second = await openDatabase({ ...settings, schema: copied });
    try {
      const level = await migrationLevel(second);
      expect(level.latest).not.toBeNull();
      const again = await openDatabase({ ...settings, schema: migrated });
      try {
        expect(level).toEqual(await migrationLevel(again));
      } finally {
        await again.close();
      }
    } finally {
      await second.close();
    }
  }, 30_000);
});
