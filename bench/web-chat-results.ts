import { ms } from "./browser.js";
import { median, type Result } from "./report.js";
import {
  budgetKb,
  type ChatBenchResults,
  kb,
  longTaskMs,
  maxGrowth,
  openTargetMs,
  perTokenTarget,
} from "./web-chat-report.js";

/** The results page's rows of a web-chat run: each measure that has a target. */
export function chatResults(results: ChatBenchResults): Result[] {
  const rows: Result[] = [];
  const { bundle, streams, history } = results;
  if (bundle) {
    const heavy = bundle.scripts.filter((s) => s.heavy.length > 0);
    rows.push(
      {
        measure: "script for /chat, gzip",
        latest: kb(bundle.totalGzip),
        target: `< ${budgetKb} KB`,
        met: bundle.totalGzip < budgetKb * 1024,
      },
      {
        measure: "shiki / recharts among /chat's scripts",
        latest: heavy.length === 0 ? "none" : heavy.map((s) => s.file).join(", "),
        target: "none",
        met: heavy.length === 0,
      },
    );
  }
  for (const [gapMs, list] of streams) {
    const perToken = median(list.map((r) => r.perTokenMs));
    const growth = median(
      list.map((r) => ((r.fifthsMs[4] ?? 0) + 0.02) / ((r.fifthsMs[0] ?? 0) + 0.02)),
    );
    const target = perTokenTarget(gapMs);
    rows.push({
      measure: `streamed reply, a token every ${gapMs} ms: main thread per token (busy), last / first fifth`,
      latest: `${ms(perToken, 3)} (${(100 * (perToken / gapMs)).toFixed(1)}%), ×${growth.toFixed(2)}`,
      target: `${target.text}, ≤ ×${maxGrowth}`,
      met: perToken < target.ms && growth <= maxGrowth,
    });
  }
  if (history.length > 0) {
    const visible = median(history.map((r) => r.visibleMs));
    const stays = history.every((r) => r.staysAtNewest);
    const longTasks = history.map((r) => r.scroll.longTasks);
    const count = Math.max(...longTasks.map((tasks) => tasks.length));
    const longest = Math.max(0, ...longTasks.flat().map((t) => t.duration));
    rows.push(
      {
        measure: "5,000 messages: switch → newest message visible",
        latest: ms(visible, 0),
        target: `< ${openTargetMs} ms`,
        met: visible < openTargetMs,
      },
      {
        measure: "5,000 messages: newest message still in view after the older pages merged",
        latest: stays ? "yes" : "no",
        target: "yes",
        met: stays,
      },
      {
        measure: "5,000 messages: scroll to the top and back, long tasks (count / longest)",
        latest: `${count} / ${ms(longest, 0)}`,
        target: `none ≥ ${longTaskMs} ms`,
        met: count === 0,
      },
    );
  }
  return rows;
}
