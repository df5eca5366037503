import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseDialect } from "@a2a-chat/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from "vitest";
import type { Config } from "../config/schema.js";
import { type Db, openDatabase, sqliteFileName } from "../db/database.js";
import { migrateToLatest, migrateWithoutTimeLimits } from "../db/migrate.js";
import { runAsAdmin, testPostgresUrl } from "./postgres-probe.js";
import { readSchemaTemplate, type SchemaTemplate } from "./postgres-template.js";

const postgresProblem = inject("postgresProblem");
const postgresRequired = inject("postgresRequired");
const testRunId = inject("testRunId");

/** A migrated, empty database of one dialect, and how to throw it away. */
export interface TestDatabase {
  db: Db;
  /** The database section of a config that opens this same database. */
  config: Config["database"];
  /** Registers cleanup (e.g. closing a stream hub) to run before the database goes away. */
  onDestroy(cleanup: () => Promise<void>): void;
  destroy(): Promise<void>;
}

function withCleanups(
  db: Db,
  config: Config["database"],
  destroy: () => Promise<void>,
): TestDatabase {
  const cleanups: (() => Promise<void>)[] = [];
  return {
    db,
    config,
    onDestroy: (cleanup) => {
      cleanups.push(cleanup);
    },
    destroy: async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
      await destroy();
    },
  };
}

/**
 * The default database time limits, as a server runs with them, but for the wait for a pooled
 * connection: 30 s, not 120 s, so a test that leaks connections fails within its own timeout. It
 * was 3 s, and on a loaded machine opening a connection took longer (a request answered 503).
 * Tests of the wait set their own.
 */
const timeLimits = {
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 3000,
  acquireTimeoutMs: 30_000,
  sqliteCacheMb: 2,
};

function uniqueName(prefix: string): string {
  return `${prefix}_${testRunId}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The next plain PostgreSQL test database, migrated while the tests before it run: migrating a
 * fresh schema takes PostgreSQL about half a second, which the one test worker used to wait for
 * at the start of every suite. Each is made by the same migrator, only sooner.
 */
let nextPostgres: Promise<TestDatabase> | undefined;

/**
 * A SQLite file migrated to the latest level once per test process, which each new migrated test
 * database starts as a copy of: migrating a fresh file took 55 ms of CPU, on the one server
 * worker, for each of the suites' SQLite databases; a copy takes well under one. The file is the
 * same migrator's work (migrations themselves are tested in db/migrate.test.ts).
 */
let sqliteTemplate: Promise<string> | undefined;

function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= migrateSqliteTemplate();
  return sqliteTemplate;
}

async function migrateSqliteTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-template-"));
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const db = await openDatabase({ ...timeLimits, dataDir, schema: "public", poolSize: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the last connection checkpoints the write-ahead log into the file and removes it.
    await db.close();
  }
  return join(dataDir, sqliteFileName);
}

/** Creates a fresh database: a temp SQLite file, or a new schema in the test PostgreSQL. */
export async function createTestDatabase(
  dialect: DatabaseDialect,
  options: { migrate?: boolean; settings?: Partial<Config["database"]> } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (dialect === "sqlite") {
    const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-test-"));
    const config = { ...timeLimits, dataDir, schema: "public", poolSize: 1, ...options.settings };
    if (migrate) copyFileSync(await migratedSqliteTemplate(), join(dataDir, sqliteFileName));
    const db = await openDatabase(config);
    return withCleanups(db, config, async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  }
  if (postgresProblem) {
    throw new Error(`PostgreSQL is required in CI but unreachable: ${postgresProblem}`);
  }
  if (!migrate || options.settings) return createPostgres(migrate, options.settings);
  const ready = nextPostgres ?? createPostgres(true);
  nextPostgres = createPostgres(true);
  // Not awaited until a suite asks for it; a failure then is that suite's.
  nextPostgres.catch(() => undefined);
  return ready;
}

async function createPostgres(
  migrate: boolean,
  settings?: Partial<Config["database"]>,
): Promise<TestDatabase> {
  const schema = uniqueName("t").toLowerCase();
  const config = {
    ...timeLimits,
    dataDir: tmpdir(),
    url: testPostgresUrl,
    schema,
    poolSize: 4,
    ...settings,
  };
  const template = migrate ? await postgresTemplate() : undefined;
  if (template) await template.copyTo(schema);
  const db = await openDatabase(config);
  if (migrate && !template) await migrateWithoutTimeLimits(config, db);
  return withCleanups(db, config, async () => {
    await db.close();
    // Dropped while the next tests run (a test never reads a schema it threw away); whatever is
    // left when the run ends, global-setup's teardown drops by the run's id.
    void dropSchema(schema).catch(() => undefined);
  });
}

/**
 * The definition migrated test schemas are copied from (test/postgres-template.ts), read once per
 * test process from a schema the migrator made; undefined when it cannot be read, and then each
 * schema is migrated. The template schema stays until global-setup's teardown drops it with the
 * run's other leftovers (its name has the run's id).
 */
let template: Promise<SchemaTemplate | undefined> | undefined;

function postgresTemplate(): Promise<SchemaTemplate | undefined> {
  template ??= (async () => {
    const schema = uniqueName("t").toLowerCase();
    await migratePostgresSchema(schema);
    return readSchemaTemplate(schema);
  })();
  return template;
}

/** Creates `schema` in the test PostgreSQL and migrates it, as a server's start would. */
export async function migratePostgresSchema(schema: string): Promise<void> {
  const config = { ...timeLimits, dataDir: tmpdir(), url: testPostgresUrl, schema, poolSize: 1 };
  const db = await openDatabase(config);
  try {
    await migrateWithoutTimeLimits(config, db);
  } finally {
    await db.close();
  }
}

function dropSchema(schema: string): Promise<void> {
  return runAsAdmin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/** Dialects the storage suites run on here: both, or SQLite alone when PostgreSQL is absent locally. */
export const testDialects: DatabaseDialect[] =
  postgresProblem && !postgresRequired ? ["sqlite"] : ["sqlite", "postgres"];

/**
 * Runs a suite once per dialect with a fresh migrated database; `per: "test"` gives each test its
 * own database, the default shares one across the suite.
 */
export function describeEachDialect(
  name: string,
  body: (get: () => TestDatabase, dialect: DatabaseDialect) => void,
  options: { per?: "suite" | "test"; migrate?: boolean } = {},
): void {
  for (const dialect of testDialects) {
    describe(`${name} [${dialect}]`, () => {
      let current: TestDatabase | undefined;
      const setup = async () => {
        current = await createTestDatabase(dialect, { migrate: options.migrate });
      };
      const teardown = async () => {
        await current?.destroy();
        current = undefined;
      };
      if (options.per === "test") {
        beforeEach(setup);
        afterEach(teardown);
      } else {
        beforeAll(setup);
        afterAll(teardown);
      }
      body(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      }, dialect);
    });
  }
}
