import { readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { E2eServer } from "../e2e/harness/server.js";
import { machineLine, writeSection } from "./report.js";

/** What one soak run is, as the record describes it. */
export interface SoakPlan {
  minutes: number;
  warmupMinutes: number;
  sampleEveryMs: number;
  maxGrowth: number;
  usersCount: number;
  heldStreams: number;
  turnsPerConversation: number;
}

/** The traffic's running totals. */
export interface SoakCounts {
  turns: number;
  mcpCalls: number;
  streams: number;
  errors: number;
}

/** One minute's sample of the server process. */
export interface Sample {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** Prepared statements SQLite's statement cache keeps (native memory). */
  statements: number;
  /** The SQLite file and its write-ahead log. */
  databaseMb: number;
  handles: number;
  fds: number;
  /** The server's CPU time so far (user + system) and the part of it spent collecting garbage. */
  cpuSeconds: number;
  gcSeconds: number;
  load: string;
  turns: number;
  mcpCalls: number;
  streams: number;
  errors: number;
}

/** The values of a metric's samples whose labels contain `labels` (e.g. `cache="statements"`). */
function metricValues(text: string, name: string, labels = ""): number[] {
  const values: number[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z0-9_:]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (match?.[1] === name && (match[2] ?? "").includes(labels)) values.push(Number(match[3]));
  }
  return values;
}

/** A metric's first value whose labels contain `labels`. */
function metricValue(text: string, name: string, labels = ""): number {
  return metricValues(text, name, labels)[0] ?? Number.NaN;
}

function databaseMb(dataDir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dataDir)) {
    if (name.includes(".sqlite")) bytes += statSync(join(dataDir, name)).size;
  }
  return bytes / 2 ** 20;
}

/** Samples the server's memory, handles and descriptors now. */
export async function sampleServer(
  server: E2eServer,
  metricsToken: string,
  minute: number,
  counts: SoakCounts,
): Promise<Sample> {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  const metrics = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const mb = (name: string) => metricValue(metrics, name) / 2 ** 20;
  return {
    minute,
    rssMb: rssKb / 1024,
    heapUsedMb: mb("nodejs_heap_size_used_bytes"),
    heapTotalMb: mb("nodejs_heap_size_total_bytes"),
    externalMb: mb("nodejs_external_memory_bytes"),
    statements: metricValue(metrics, "a2a_db_sqlite_cache_entries", 'cache="statements"'),
    databaseMb: databaseMb(server.dataDir),
    handles: metricValue(metrics, "nodejs_active_handles_total"),
    fds: readdirSync(`/proc/${server.pid}/fd`).length,
    cpuSeconds: metricValue(metrics, "process_cpu_seconds_total"),
    // The pauses' total over every kind of collection.
    gcSeconds: metricValues(metrics, "nodejs_gc_duration_seconds_sum").reduce((a, b) => a + b, 0),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    ...counts,
  };
}

export const f1 = (n: number) => n.toFixed(1);

/** The server's settings a run changed from npm start's, as the record says them. */
export function serverSettings(): string {
  const set = [
    process.env.SOAK_SERVER_NODE_OPTIONS && `NODE_OPTIONS=${process.env.SOAK_SERVER_NODE_OPTIONS}`,
    process.env.BENCH_NODE_ARGS && `node ${process.env.BENCH_NODE_ARGS}`,
    process.env.SOAK_MALLOC_ARENA_MAX && `MALLOC_ARENA_MAX=${process.env.SOAK_MALLOC_ARENA_MAX}`,
    process.env.SQLITE_CACHE_MB && `SQLITE_CACHE_MB=${process.env.SQLITE_CACHE_MB}`,
  ].filter(Boolean);
  return set.length > 0 ? ` (${set.join(", ")})` : "";
}

/** Prints the verdict and writes the soak section of docs/benchmarks.md. */
export function reportSoak(samples: Sample[], plan: SoakPlan, errorTexts: string[]): void {
  const { minutes, warmupMinutes, sampleEveryMs, maxGrowth } = plan;
  const warmIndex = Math.min(
    samples.length - 1,
    Math.round((warmupMinutes * 60_000) / sampleEveryMs),
  );
  const warm = samples[warmIndex] as Sample;
  const last = samples.at(-1) as Sample;
  const after = samples.slice(warmIndex);
  const peak = Math.max(...after.map((s) => s.rssMb));
  const growth = (last.rssMb - warm.rssMb) / warm.rssMb;
  const met = growth <= maxGrowth && peak <= warm.rssMb * (1 + maxGrowth);
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  const rows = samples
    .map(
      (s) =>
        `| ${s.minute} | ${f1(s.rssMb)} | ${f1(s.heapUsedMb)} / ${f1(s.heapTotalMb)} | ${f1(s.externalMb)} | ${s.statements} | ${f1(s.databaseMb)} | ${s.handles} | ${s.fds} | ${s.cpuSeconds.toFixed(0)} / ${s.gcSeconds.toFixed(1)} | ${s.turns} | ${s.mcpCalls} | ${s.streams} | ${s.errors} | ${s.load} |`,
    )
    .join("\n");
  console.log(
    `soak: RSS ${f1(warm.rssMb)} MB after warm-up, ${f1(last.rssMb)} MB at the end (${pct(growth)}), peak ${f1(peak)} MB; ${last.errors} errors`,
  );
  for (const text of errorTexts) console.log(`  error: ${text}`);
  writeSection(
    "soak",
    `## Soak: one process for ${minutes} minutes (SQLite)

Built server on a fresh SQLite data dir with metrics on${serverSettings()}, the fake OpenAI-compatible model on
loopback. Steady traffic from the bench process: two loops of chat turns (A2A streaming, 40 tokens
5 ms apart, then a rename; every ${plan.turnsPerConversation}th turn moves the user to a new conversation and
deletes the old one), an MCP session on the built-in analytics server every second (initialize,
tools/list, query_orders, close; every other one ends its session with DELETE), a live stream
opened and closed every second besides ${plan.heldStreams} held open, and the home page, /chat and both
registries every 5 s, over ${plan.usersCount} anonymous users. Sampled every ${sampleEveryMs / 1000} s: RSS from
/proc, heap and external memory, active handles and SQLite's kept statements from /metrics, open
descriptors from /proc, the server's CPU time and its garbage collection pauses from /metrics, the database's size (file and write-ahead log) from the data folder.
Warm-up: the first ${warmupMinutes} minutes. Target: RSS at the end and at its peak within
${pct(maxGrowth)} of RSS after the warm-up.

| measure | value |
|---|---|
| RSS after warm-up (minute ${warm.minute}) | ${f1(warm.rssMb)} MB |
| RSS at the end (minute ${last.minute}) | **${f1(last.rssMb)} MB** (${pct(growth)}) |
| peak RSS after warm-up | ${f1(peak)} MB |
| heap used, warm-up → end | ${f1(warm.heapUsedMb)} → ${f1(last.heapUsedMb)} MB |
| active handles, warm-up → end | ${warm.handles} → ${last.handles} |
| server CPU time, of it garbage collection | ${last.cpuSeconds.toFixed(0)} s, ${last.gcSeconds.toFixed(1)} s |
| chat turns / MCP calls / streams churned | ${last.turns} / ${last.mcpCalls} / ${last.streams} |
| errors | ${last.errors} |

| minute | RSS MB | heap used / total MB | external MB | statements | database MB | handles | fds | CPU / GC s | turns | MCP calls | streams | errors | load |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

Machine: ${machineLine()}, shared with other work (load average per sample above). Measured
${new Date().toISOString().slice(0, 10)}.`,
    [
      {
        measure: `RSS growth after warm-up${serverSettings()}`,
        latest: `${pct(growth)} (${f1(warm.rssMb)} → ${f1(last.rssMb)} MB, peak ${f1(peak)})`,
        target: `≤ ${pct(maxGrowth)}`,
        met,
      },
      { measure: "errors", latest: String(last.errors), target: "0", met: last.errors === 0 },
    ],
  );
}
