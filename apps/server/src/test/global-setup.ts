import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { probePostgres, testPostgresUrl } from "./postgres-probe.js";
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
    if (!problem) await dropRunSchemas(runId);
  };
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
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)",
      [`t_${runId}_`],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}
