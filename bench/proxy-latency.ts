import { loadavg } from "node:os";
import { percentile, runQueueWaitMs } from "./agents-latency.js";
import { cpuMs, median } from "./report.js";

/** One streamed reply as the bench's client saw it. */
export interface Streamed {
  /** Each event's latency (ms), publish to arrival, in arrival order. */
  latencies: number[];
  /** The same latencies with the event's index ("#n"). */
  byIndex: [number, number][];
  seen: Set<number>;
}

/** A reply each way: latencies sorted. */
export interface LatencyRun {
  direct: number[];
  proxied: number[];
}

export interface LatencySample {
  runs: LatencyRun[];
  /** The server's CPU (all threads) over the proxied replies, per proxied event. */
  serverCpuPerEventUs: number;
  /** The bench process's (agent and client) over the same replies, per proxied event. */
  benchCpuPerEventUs: number;
  /** How long the server's event loop waited for a core, per proxied reply (NaN off Linux). */
  waitMsPerReply: number;
  /** The server's output during the proxied replies (its --trace-* lines). */
  output: string;
  load: string;
}

export interface LatencyOptions {
  runs: number;
  direct: () => Promise<Streamed>;
  /** A proxied reply in two steps, so that the server's cost of opening a conversation is not counted. */
  proxied: { prepare: () => Promise<string>; stream: (contextId: string) => Promise<Streamed> };
  serverPid: number;
  serverOutput: () => string;
  /** Called after each proxied reply with what the server printed during it. */
  onProxied?: (run: number, output: string, direct: Streamed, proxied: Streamed) => void;
}

/** Alternates a direct and a proxied reply `runs` times, noting the server's cost of the latter. */
export async function measureLatency(options: LatencyOptions): Promise<LatencySample> {
  const runs: LatencyRun[] = [];
  let serverCpuMs = 0;
  let benchCpuUs = 0;
  let waitMs = 0;
  let proxiedEvents = 0;
  let output = "";
  for (let run = 0; run < options.runs; run += 1) {
    const straight = await options.direct();
    const contextId = await options.proxied.prepare();
    const cpuBefore = cpuMs(options.serverPid);
    const outputBefore = options.serverOutput().length;
    const benchBefore = process.cpuUsage();
    const waitBefore = runQueueWaitMs(options.serverPid);
    const through = await options.proxied.stream(contextId);
    serverCpuMs += cpuMs(options.serverPid) - cpuBefore;
    const benchUsed = process.cpuUsage(benchBefore);
    benchCpuUs += benchUsed.user + benchUsed.system;
    waitMs += runQueueWaitMs(options.serverPid) - waitBefore;
    const printed = options.serverOutput().slice(outputBefore);
    output += printed;
    proxiedEvents += through.seen.size;
    options.onProxied?.(run, printed, straight, through);
    runs.push({
      direct: [...straight.latencies].sort((a, b) => a - b),
      proxied: [...through.latencies].sort((a, b) => a - b),
    });
  }
  return {
    runs,
    serverCpuPerEventUs: (1000 * serverCpuMs) / Math.max(1, proxiedEvents),
    benchCpuPerEventUs: benchCpuUs / Math.max(1, proxiedEvents),
    waitMsPerReply: waitMs / options.runs,
    output,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(", "),
  };
}

/** What the proxy adds at a percentile: the median over the runs of proxied minus direct. */
export function addedAt(sample: LatencySample, at: number): number {
  return median(sample.runs.map((r) => percentile(r.proxied, at) - percentile(r.direct, at)));
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The sample's runs as a markdown table. */
export function latencyTable(sample: LatencySample): string {
  const p = percentile;
  const rows = sample.runs.map(
    (r, i) =>
      `| ${i + 1} | ${ms(p(r.direct, 50))} | ${ms(p(r.proxied, 50))} | ${ms(p(r.direct, 99))} | ${ms(p(r.proxied, 99))} | ${ms(p(r.proxied, 99) - p(r.direct, 99))} |`,
  );
  return [
    "| run | direct p50 | proxied p50 | direct p99 | proxied p99 | added at p99 |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The worst events of a reply, for the latency dumps: "#index ms, …". */
export function worstEvents(streamed: Streamed, count = 6): string {
  return [...streamed.byIndex]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([index, latency]) => `#${index} ${latency.toFixed(2)}`)
    .join(", ");
}

/** Functions V8 finished optimizing, and deoptimizations, in `--trace-opt --trace-deopt` output. */
export function jitActivity(output: string): { optimized: string[]; deoptimized: number } {
  return {
    optimized: [...output.matchAll(/\[completed compiling [^<]*<JSFunction ([^ >]*)/g)].map(
      (m) => m[1] ?? "",
    ),
    deoptimized: output.match(/\[bailout/g)?.length ?? 0,
  };
}
