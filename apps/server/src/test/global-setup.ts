import type { TestProject } from "vitest/node";
import { probePostgres, testPostgresUrl } from "./postgres-probe.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Why PostgreSQL is unusable for tests, or "" when it is reachable. */
    postgresProblem: string;
    /** Whether a missing PostgreSQL must fail the run (CI) instead of skipping. */
    postgresRequired: boolean;
  }
}

/** Probes PostgreSQL once for the whole server suite and says so once if it is skipped. */
export default async function setup(project: TestProject): Promise<void> {
  const required = process.env.CI === "true" || process.env.CI === "1";
  const problem = (await probePostgres()) ?? "";
  if (problem && !required) {
    console.log(
      `PostgreSQL at ${testPostgresUrl} is unreachable (${problem}): skipping the PostgreSQL suites (CI=true makes this a failure).`,
    );
  }
  project.provide("postgresProblem", problem);
  project.provide("postgresRequired", required);
}
