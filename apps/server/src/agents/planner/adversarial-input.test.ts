import { describe, expect, it } from "vitest";
import { watchEventLoop } from "../../test/event-loop-monitor.js";
import type { RunnerInput, RunnerTool } from "../model-runner.js";
import { plannerIntent } from "./planner-intent.js";
import { PlannerRunner, plannerAuthMessage, plannerQuestions } from "./planner-runner.js";

/**
 * Nothing a user types may cost more than linear time: every path that reads message text is fed
 * inputs of 1 MB shaped to make backtracking patterns explode (long runs of the characters a
 * pattern repeats, followed by whatever makes the match fail). Measured as blocked CPU time, not a
 * request's wall-clock time.
 *
 * The bound is what tells linear from worse, not a speed target: a linear pass over 1 MB takes a
 * few milliseconds here, a quadratic one ~10^12 steps (minutes). A bound of 50 ms failed once on a
 * loaded CI machine (73 ms: a major GC of the 1 MB strings landed inside one tick), so the bound
 * sits far above noise and far below any super-linear pattern.
 */

const size = 1_000_000;
/** Far above a linear pass's few milliseconds, far below a quadratic one's minutes. */
const linearBoundMs = 1_000;
const fill = (unit: string, before = "", after = "") =>
  before + unit.repeat(Math.ceil((size - before.length - after.length) / unit.length)) + after;

const adversarial: Record<string, string> = {
  "sign in, spaces, a line break": fill(" ", "sign in", "a\nb"),
  "log in, spaces": fill(" ", "log in to", "x"),
  "connect, spaces, no account": fill(" ", "connect my", "x"),
  "connect, words, account at the end": fill("a ", "connect ", " account"),
  "authorize, spaces": fill(" ", "authorize", "!x"),
  "docs about, spaces": fill(" ", "docs about", "x\ny"),
  "search the docs, words": fill("docs ", "search the ", "?"),
  "chart of, dots": fill(".", "chart of ", "x"),
  "line chart, dots then words": fill(". ", "line chart about sales ", "by"),
  "table of, question marks": fill("?", "table of ", "a"),
  "orders in, hyphens": fill("-", "orders in north", "america"),
  "code in, hashes and pluses": fill("+#", "code in ", "!"),
  "all punctuation": fill(".?!"),
  "one long word": fill("a"),
  "spaces only": fill(" "),
  "line breaks": fill("\n", "help"),
  "many words": fill("sales by region chart table of "),
  "non-latin letters": fill("ü漢 "),
};

function runnerInput(text: string, previous?: string): RunnerInput {
  const messages = [
    ...(previous ? [{ role: "assistant" as const, text: previous }] : []),
    { role: "user" as const, text },
  ];
  return {
    systemPrompt: "",
    messages,
    tools: [] as RunnerTool[],
    signal: new AbortController().signal,
  };
}

async function drain(events: AsyncIterable<unknown>): Promise<number> {
  let count = 0;
  for await (const _ of events) count += 1;
  return count;
}

describe("adversarial 1 MB messages", () => {
  it.each(Object.entries(adversarial))("intent matching stays linear: %s", (_, text) => {
    const watch = watchEventLoop();
    const started = process.cpuUsage();
    plannerIntent(text);
    const cpu = process.cpuUsage(started);
    watch.stop();
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(linearBoundMs);
  });

  it("the planner answers each of them, and each answer to its questions, without a long block", async () => {
    const runner = new PlannerRunner();
    const watch = watchEventLoop();
    const questions = [undefined, ...Object.values(plannerQuestions), plannerAuthMessage("GitHub")];
    for (const text of Object.values(adversarial)) {
      for (const previous of questions) {
        expect(await drain(runner.run(runnerInput(text, previous)))).toBeGreaterThan(0);
      }
    }
    expect(watch.stop()).toBeLessThan(linearBoundMs);
  }, 60_000);
});
