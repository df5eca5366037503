import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { probePostgres, testPostgresUrl } from "./postgres-probe.js";

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
 * Probes PostgreSQL once for the whole server suite and says so once if it is skipped. Returns
 * the teardown: it drops the test schemas of this run still there (those dropped in the
 * background when the worker ended, and the one made ahead and never used; test/databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = process.env.CI === "true" || process.env.CI === "1";
  const problem = (await probePostgres()) ?? "";
  if (problem && !required) {
    console.log(
      `PostgreSQL at ${testPostgresUrl} is unreachable (${problem}): skipping the PostgreSQL suites (CI=true makes this a failure).`,
    );
  }
  project.provide("postgresProblem", problem);
  project.provide("postgresRequired", required);
  const runId = randomBytes(4).toString("hex");
  project.provide("testRunId", runId);
  return async () => {
    if (!problem) await dropRunSchemas(runId);
  };
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
