import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { runAsAdmin, testPostgresUrl } from "./postgres-probe.js";

/**
 * A migrated PostgreSQL schema's definition, which new test schemas replay instead of migrating:
 * creating, migrating and dropping a schema cost the machine about 405 ms of CPU (350 ms of it
 * PostgreSQL's, running the migrator's transactions), replaying the definition about 150 ms, and
 * the suites make over a hundred. The definition is what `pg_dump --schema-only` prints for a
 * schema the migrator made, so a copy has the same tables, indexes, functions and triggers; the
 * migrator's own bookkeeping rows are copied as well, so a copy reads as migrated.
 */
export interface SchemaTemplate {
  /** Creates `schema` as a copy of the template, in one transaction. */
  copyTo(schema: string): Promise<void>;
}

const bookkeeping = ["kysely_migration", "kysely_migration_lock"];

/**
 * Reads the definition of `template`, a schema just migrated, or resolves to undefined when it
 * cannot be used (no `pg_dump`, another PostgreSQL version, a migration that left rows
 * somewhere): then test schemas are migrated one by one as before.
 */
export async function readSchemaTemplate(template: string): Promise<SchemaTemplate | undefined> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  let definition: string;
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'",
      [template],
    );
    for (const { name } of rows) {
      if (bookkeeping.includes(name)) continue;
      const filled = await client.query(`SELECT 1 FROM "${template}"."${name}" LIMIT 1`);
      if (filled.rowCount) return undefined;
    }
    const dump = await promisify(execFile)(
      "pg_dump",
      ["--schema-only", "--no-owner", "--no-privileges", "--schema", template, testPostgresUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    // Without psql's meta-commands (\restrict, \unrestrict), which are not SQL.
    definition = dump.stdout
      .split("\n")
      .filter((line) => !line.startsWith("\\"))
      .join("\n");
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
  // The template's name is unique to this run and process, so it names nothing else.
  const parts = definition.split(template);
  return {
    copyTo: async (schema) => {
      const rows = bookkeeping.map(
        (table) => `INSERT INTO "${schema}".${table} SELECT * FROM "${template}".${table};`,
      );
      await runAsAdmin(["BEGIN;", parts.join(schema), ...rows, "COMMIT;"].join("\n"));
    },
  };
}
