import { appendFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Test counts of one run, as the closing line states them. */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The closing line CI tooling reads: "Tests: N passed, N failed, N skipped". */
export function summaryLine({ passed, failed, skipped }: TestCounts): string {
  return `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

/** Counts the tests of a finished run; errors outside any test (a crashed setup) fail it. */
export function countTests(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<unknown>,
): TestCounts {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed") counts.passed++;
      else if (state === "failed") counts.failed++;
      else counts.skipped++;
    }
    if (module.state() === "failed" && module.children.size === 0) counts.failed++;
  }
  counts.failed += unhandledErrors.length;
  return counts;
}

/**
 * Prints one plain closing line that CI tooling reads regardless of the runner's own formatting.
 * When `npm test` runs vitest in lanes side by side (scripts/test.mjs), each run appends its
 * counts to the file TEST_COUNTS_FILE names instead, and the script prints the one line for all.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    const counts = countTests(testModules, unhandledErrors);
    const file = process.env.TEST_COUNTS_FILE;
    if (file) appendFileSync(file, `${JSON.stringify(counts)}\n`);
    else process.stdout.write(`\n${summaryLine(counts)}\n`);
  }
}
