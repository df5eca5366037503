import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import concurrently from "concurrently";
import { summaryLine, type TestCounts } from "./summary-reporter.js";

/**
 * `npm test`: the checks, the server's tests (two lanes), the web's tests, and the build with the
 * end-to-end tests run as five lanes side by side. The end-to-end files spend most of their time waiting
 * (replies streamed at a pace, reconnects), so on two cores they fit beside the CPU-bound
 * typecheck and unit tests instead of after them. A failing check stops the other lanes at once
 * (as `&&` did); a failing test does not (every test still runs and reports). The closing
 * "Tests: …" line counts every vitest run.
 */
// The typecheck and lint have no time bounds and nothing waits for them: they run at a lower
// priority (nice 10), taking what CPU the tests leave. The build does not: the end-to-end files
// wait for it, and niced it took 98 s beside the other lanes (21 s of CPU), so the e2e lane,
// the longest, started late. The web lane (CPU-bound jsdom, done at 167 s of 427) has room and
// runs at nice 5 instead. With the machine full, every lane then ended within 25 s of the others
// (docs/benchmarks/notes/test-time.md).
// The unit and integration tests are three lanes: the server's files in two (each one worker:
// those that start processes, which mostly wait on them and on timers, and the rest; in one lane
// they took 277 s alone at a quarter of a core, the longest lane of all) and the web's (CPU-bound
// jsdom).
const lanes = [
  { name: "checks", command: "nice -n 10 npm run typecheck && nice -n 10 npm run lint" },
  { name: "server", command: "vitest run --project contracts --project server" },
  { name: "processes", command: "vitest run --project server-processes" },
  {
    name: "web",
    command: "nice -n 5 vitest run --project web --project web-process --project web-forks",
  },
  { name: "e2e", command: "npm run build && vitest run --project e2e" },
];
const testLanes = lanes.length - 1;

const countsDir = mkdtempSync(join(tmpdir(), "a2a-chat-test-counts-"));
const countsFile = join(countsDir, "counts.jsonl");
const { commands, result } = concurrently(
  lanes.map((lane) => ({ ...lane, env: { TEST_COUNTS_FILE: countsFile } })),
  { prefix: "[{name}]", prefixColors: ["yellow", "cyan", "green", "blue", "magenta"] },
);
const checks = commands[0];
checks?.close.subscribe((event) => {
  if (event.exitCode === 0) return;
  for (const command of commands) if (command !== checks) command.kill();
});

let ok = true;
try {
  await result;
} catch {
  ok = false;
}

const runs: TestCounts[] = readLines(countsFile).map((line) => JSON.parse(line) as TestCounts);
rmSync(countsDir, { recursive: true, force: true });
// Every test lane finished: one closing line for the whole suite.
if (runs.length === testLanes) {
  const total = runs.reduce((sum, run) => ({
    passed: sum.passed + run.passed,
    failed: sum.failed + run.failed,
    skipped: sum.skipped + run.skipped,
  }));
  process.stdout.write(`\n${summaryLine(total)}\n`);
}
process.exit(ok ? 0 : 1);

function readLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}
