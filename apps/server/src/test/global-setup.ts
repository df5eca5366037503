import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { probePostgres, runAsAdmin, testPostgresUrl, withAdminClient } from "./postgres-probe.js";
import { bundleDirVariable, serverRoot } from "./server-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Why PostgreSQL is unusable for tests, or "" when it is reachable. */
    postgresProblem: string;
    /** Whether a missing PostgreSQL must fail the run (CI) instead of skipping. */
    postgresRequired: boolean;
    /** Part of every test schema's name, so this run's leftovers can be told from others'. */
    testRunId: string;
  }
}

/**
 * Probes PostgreSQL once for a server project and says so once if it is skipped, and, for the
 * project of the files that start processes (vitest.config.ts), bundles the source once for the
 * tests that start the server, the admin or the backup command (test/server-process.ts); the
 * other server project starts none. Returns the teardown: it removes that bundle and drops the
 * test schemas of this run still there (those dropped in the background when the worker ended,
 * and the one made ahead and never used; test/databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = process.env.CI === "true" || process.env.CI === "1";
  const runId = randomBytes(4).toString("hex");
  const [problem, bundle] = await Promise.all([
    probePostgres().then((found) => found ?? ""),
    project.name === "server" ? undefined : bundleSource(runId),
  ]);
  if (bundle) process.env[bundleDirVariable] = bundle;
  // In the background: the tests may go on while it runs (it takes no lock they need).
  const vacuumed = project.name === "server" && !problem ? vacuumCatalogs() : undefined;
  if (problem && !required) {
    console.log(
      `PostgreSQL at ${testPostgresUrl} is unreachable (${problem}): skipping the PostgreSQL suites (CI=true makes this a failure).`,
    );
  }
  project.provide("postgresProblem", problem);
  project.provide("postgresRequired", required);
  project.provide("testRunId", runId);
  return async () => {
    if (bundle) rmSync(bundle, { recursive: true, force: true });
    await vacuumed;
    if (!problem) await dropRunSchemas(runId);
  };
}

/**
 * The system catalogs every test schema writes to (a schema's tables, columns, indexes, triggers
 * and their functions, constraints and dependencies): a run makes and drops several hundred
 * schemas, and each leaves its catalog rows dead. A PostgreSQL without autovacuum (this
 * machine's, where CI runs against the server as the session left it) never reclaims them: after
 * a day of runs pg_attribute held 1.07 million dead rows beside 3,525 live ones, and the test
 * database was 555 MB.
 */
const testCatalogs = [
  "pg_attribute",
  "pg_depend",
  "pg_class",
  "pg_trigger",
  "pg_index",
  "pg_constraint",
  "pg_type",
  "pg_attrdef",
  "pg_proc",
  "pg_namespace",
];

/**
 * Vacuums those catalogs once per run, so the dead rows of earlier runs do not pile up. A user
 * who may not vacuum them gets PostgreSQL's warning, not a failure; an error is only logged.
 */
async function vacuumCatalogs(): Promise<void> {
  try {
    await runAsAdmin(`VACUUM ${testCatalogs.map((name) => `pg_catalog.${name}`).join(", ")}`);
  } catch (error) {
    console.warn(`Vacuuming the test database's catalogs failed: ${(error as Error).message}`);
  }
}

/**
 * Bundles src/ as `npm run build` does, into a folder of this run beside dist/ (a build for
 * `npm start` or the e2e tests may be writing dist/ at the same time). A process started from
 * the bundle uses a fifth of the CPU that one compiling src/ through tsx does (0.5 s against
 * 2.4 s on the 2-core machine), and the suite starts about forty.
 */
async function bundleSource(runId: string): Promise<string> {
  const folder = `dist-test-${runId}`;
  await promisify(execFile)(process.execPath, ["build.mjs"], {
    cwd: serverRoot,
    env: { ...process.env, BUILD_OUTDIR: folder },
  });
  return join(serverRoot, folder);
}

async function dropRunSchemas(runId: string): Promise<void> {
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)",
      [`t_${runId}_`],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  });
}
