import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import pg from "pg";
import { testPostgresUrl } from "../apps/server/src/test/postgres-probe.js";
import { processDatabase } from "../apps/server/src/test/process-database.js";
import { type ServerProcess, startServerProcess } from "../apps/server/src/test/server-process.js";
import { percentile } from "./agents-latency.js";
import { errorKinds, noRateLimits, runClient } from "./capacity.js";
import { machineLine, median, writeSection } from "./report.js";
import { startRoundRobinProxy } from "./round-robin-proxy.js";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const users = Number(process.env.BENCH_USERS ?? 1000);
const replicas = Number(process.env.BENCH_REPLICAS ?? 2);
/** Processes spinning on the CPU beside the servers for the whole run. */
const spinners = Number(process.env.BENCH_BUSY ?? 4);
const texts = ["hello", "table of orders in europe", "chart of sales by month"];
/**
 * A browser's fetch has no deadline of its own; this only ends a run that hangs. The default is
 * the product's own bound on a reply (QUOTA_REPLY_SECONDS, 30 minutes).
 */
const clientTimeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 1800) * 1000;

/** CPU load beside the servers: processes that spin until stopped. */
function startSpinners(count: number): { stop(): void } {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    children.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
  return {
    stop: () => {
      for (const child of children) child.kill("SIGKILL");
    },
  };
}

/** The 1-minute load average every 5 s while the users run. */
function sampleLoad(): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), 5000);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Tasks with more than one agent message: a reply ended twice (say by two replicas). */
async function doubleReplies(schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from (select task_id from "${schema}".messages where role = 'agent'
       group by task_id having count(*) > 1) twice`,
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

interface BusyResult {
  users: number;
  usersWithErrors: number;
  errors: Record<string, number>;
  messages: number;
  completed: number;
  doubleReplies: number;
  serverStopped: number;
  tablesMissing: number;
  chartsMissing: number;
  replyP50: number;
  replyP99: number;
  wallS: number;
  loadAtStart: number;
  loadMax: number;
}

async function oneRun(run: number): Promise<BusyResult> {
  const database = processDatabase("capacity_busy");
  const servers: ServerProcess[] = [];
  for (let i = 0; i < replicas; i += 1) {
    servers.push(await startServerProcess(database.env(noRateLimits), { built: true }));
  }
  const proxy = await startRoundRobinProxy(servers.map((s) => Number(new URL(s.url).port)));
  const spin = startSpinners(spinners);
  try {
    // Let the spinners raise the load average before the users come.
    await new Promise((r) => setTimeout(r, 20_000));
    const loadAtStart = loadavg()[0] ?? 0;
    const load = sampleLoad();
    const outcome = await runClient({
      url: proxy.url,
      agent: "assistant",
      users,
      rampMs: 0,
      messages: texts.length,
      thinkMs: 0,
      texts,
      timeoutMs: clientTimeoutMs,
    }).finally(() => load.stop());
    const loads = load.stop();
    const replies = [...outcome.replies].sort((a, b) => a - b);
    const result: BusyResult = {
      users,
      usersWithErrors: users - outcome.usersOk,
      errors: outcome.errors,
      messages: users * texts.length,
      completed: replies.length - outcome.notCompleted,
      doubleReplies: await doubleReplies(database.schema),
      serverStopped: outcome.serverStopped,
      tablesMissing: outcome.missingArtifacts[texts[1] as string] ?? 0,
      chartsMissing: outcome.missingArtifacts[texts[2] as string] ?? 0,
      replyP50: percentile(replies, 50),
      replyP99: percentile(replies, 99),
      wallS: outcome.wallMs / 1000,
      loadAtStart,
      loadMax: Math.max(loadAtStart, ...loads),
    };
    console.log(`capacity-busy run ${run}: ${JSON.stringify(result)}`);
    for (const sample of outcome.missingSamples) console.log(`  without its artifact: …${sample}`);
    if (result.usersWithErrors > 0 || result.doubleReplies > 0) {
      for (const [i, server] of servers.entries()) {
        const lines = server
          .output()
          .split("\n")
          .filter((line) => line.includes('"level":50'));
        console.log(`replica ${i + 1}: ${lines.length} error lines; first: ${lines[0] ?? "none"}`);
      }
    }
    return result;
  } finally {
    spin.stop();
    await proxy.close();
    await Promise.all(servers.map((s) => s.kill("SIGTERM")));
    await database.dispose();
  }
}

/**
 * Issue 40's overload: every user at once (no ramp) on replicas on PostgreSQL behind a
 * round-robin proxy, on a machine kept busy by spinning processes. Each user opens the live
 * stream and sends three messages in a row ('hello', a table, a chart). Counted: users with
 * errors, completed messages, tasks with two agent messages, table and chart replies without
 * their artifact.
 */
export async function capacityBusyBench(): Promise<void> {
  const results: BusyResult[] = [];
  for (let run = 1; run <= runs; run++) results.push(await oneRun(run));
  const med = (pick: (r: BusyResult) => number) => median(results.map(pick));
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${r.usersWithErrors}${errorKinds(r.errors)} | ${r.completed} of ${r.messages} | ${r.doubleReplies} | ${r.serverStopped} | ` +
      `${r.tablesMissing} / ${r.chartsMissing} | ${(r.replyP50 / 1000).toFixed(1)} / ${(r.replyP99 / 1000).toFixed(1)} s | ` +
      `${r.wallS.toFixed(0)} s | ${r.loadAtStart.toFixed(1)} / ${r.loadMax.toFixed(1)} |`,
  );
  writeSection(
    "capacity-busy",
    `## Capacity under overload: ${users} users at once on ${replicas} PostgreSQL replicas

\`npm run bench -- capacity-busy\`: ${replicas} built server processes on one PostgreSQL schema
behind a round-robin TCP proxy, ${spinners} processes spinning on the CPU beside them (started
20 s before the users, so the load average is up), and ${users} users arriving at once (no ramp).
Each opens the live stream, creates a conversation and sends three streamed messages in a row
('${texts.join("', '")}'). A user with errors had any request fail; a double reply is a task with
more than one agent message (from the database after the run); a reply ended as 'server stopped'
was ended by a replica that took its runner for dead; a table or chart reply without its artifact
completed without an artifact of that kind. Settings: \`BENCH_RUNS\`, \`BENCH_USERS\`,
\`BENCH_REPLICAS\`, \`BENCH_BUSY\` (spinning processes), \`BENCH_TIMEOUT_S\` (the client's limit per
request, default 1,800 s, the reply quota: a browser's has none). Goal (issue 40): 0 errors, 0 double replies, every
table reply with its table.

Medians of ${runs} runs: **${med((r) => r.usersWithErrors)} users with errors, ${med((r) => r.completed)}
of ${users * texts.length} messages completed, ${med((r) => r.doubleReplies)} double replies,
${med((r) => r.tablesMissing)} table replies without their table**.

| run | users with errors | messages completed | double replies | ended as 'server stopped' | table / chart replies without it | reply p50 / p99 | wall | load average (1 min) at start / highest |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Machine: ${machineLine()}, shared with other work. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      {
        measure: "users with errors (median of the runs)",
        latest: String(med((r) => r.usersWithErrors)),
        target: "0",
        met: med((r) => r.usersWithErrors) === 0,
      },
      {
        measure: "double replies",
        latest: String(med((r) => r.doubleReplies)),
        target: "0",
        met: med((r) => r.doubleReplies) === 0,
      },
      {
        measure: "table replies without their table",
        latest: String(med((r) => r.tablesMissing)),
        target: "0",
        met: med((r) => r.tablesMissing) === 0,
      },
      {
        measure: "messages completed",
        latest: `${med((r) => r.completed)} of ${users * texts.length}`,
      },
      { measure: "load average at start", latest: med((r) => r.loadAtStart).toFixed(1) },
    ],
  );
}
