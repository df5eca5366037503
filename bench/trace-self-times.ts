// A development tool: self time (thread time where recorded; WALL=1 for wall clock) by event name
// on each busy renderer main thread of a trace written by web-chat-ab.ts, and the time of each
// kind of top-level task. Usage: npx tsx bench/trace-self-times.ts /tmp/webchat-trace-after.json
import { readFileSync } from "node:fs";
import { rendererMainEvents, type TraceEvent } from "./web-chat-stream.js";

interface Ev extends TraceEvent {
  tts?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}
const events = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Ev[];
const byThread = rendererMainEvents(events);
const useThread = process.env.WALL !== "1";
for (const [key, list] of byThread) {
  list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const count = new Map<string, number>();
  const top = new Map<string, number>();
  const stack: { e: Ev; end: number; child: number }[] = [];
  let total = 0;
  const d = (e: Ev) => (useThread ? (e.tdur ?? e.dur ?? 0) : (e.dur ?? 0));
  const label = (e: Ev) =>
    e.name === "EventDispatch" || e.name === "TimerFire" || e.name === "FunctionCall"
      ? `${e.name}(${e.args?.data?.type ?? e.args?.data?.functionName ?? ""})`
      : e.name;
  const pop = (upTo: number) => {
    while (stack.length > 0 && (stack[stack.length - 1] as { end: number }).end <= upTo) {
      const f = stack.pop() as { e: Ev; end: number; child: number };
      const name = label(f.e);
      self.set(name, (self.get(name) ?? 0) + Math.max(0, d(f.e) - f.child));
    }
  };
  let tasks = 0;
  for (const e of list) {
    pop(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += d(e);
    else {
      total += d(e);
      tasks += 1;
    }
    count.set(label(e), (count.get(label(e)) ?? 0) + 1);
    if (stack.length === 1) {
      const n = label(e);
      top.set(n, (top.get(n) ?? 0) + d(e));
    }
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  pop(Number.POSITIVE_INFINITY);
  if (total < 50_000) continue;
  console.log(`thread ${key}: ${tasks} top-level tasks, ${(total / 1000).toFixed(1)} ms`);
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30));
  for (const [name, us] of rows)
    console.log(
      `  self ${(us / 1000).toFixed(1).padStart(8)} ms  ${String(count.get(name)).padStart(6)}x  ${name}`,
    );
  console.log("  children of RunTask (inclusive):");
  for (const [name, us] of [...top].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(
      `    ${(us / 1000).toFixed(1).padStart(8)} ms  ${String(count.get(name)).padStart(6)}x  ${name}`,
    );
}
