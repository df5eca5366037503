import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { processDatabase } from "../apps/server/src/test/process-database.js";
import { type ServerProcess, startServerProcess } from "../apps/server/src/test/server-process.js";
import { percentile } from "./agents-latency.js";
import type { CapacityOutcome, CapacityPlan } from "./capacity-client.js";
import { topEntries } from "./cpu-profile-top.js";
import { sampleListenQueue } from "./listen-queue.js";
import { cpuMs, machineLine, median, writeSection } from "./report.js";
import { startRoundRobinProxy } from "./round-robin-proxy.js";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const users = Number(process.env.BENCH_USERS ?? 1000);
const rampMs = Number(process.env.BENCH_RAMP_S ?? 10) * 1000;
const messages = Number(process.env.BENCH_MESSAGES ?? 3);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
/** A folder: profile the server with `node --cpu-prof` into it and print its top entries. */
const profileDir = process.env.BENCH_CPU_PROF;
/** Above 0: that many replicas on PostgreSQL behind a round-robin proxy instead of one on SQLite. */
const replicas = Number(process.env.BENCH_REPLICAS ?? 0);
const healthEveryMs = 100;

/** /health latencies sampled from this (otherwise idle) process while the users run. */
function sampleHealth(
  url: string,
  agent: Agent | false = false,
): { stop(): Promise<{ ms: number[]; errors: number }> } {
  const ms: number[] = [];
  const t0 = performance.now();
  let errors = 0;
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(`${url}/api/v1/health`, { agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          const took = performance.now() - started;
          if (res.statusCode === 200) ms.push(took);
          else errors += 1;
          if (process.env.BENCH_DEBUG && (res.statusCode !== 200 || took > 500))
            console.log(
              `health at ${((started - t0) / 1000).toFixed(1)} s: ${res.statusCode}, ${took.toFixed(0)} ms`,
            );
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        if (process.env.BENCH_DEBUG) console.log(`health failed: ${error.message}`);
        errors += 1;
        resolve();
      });
      req.end();
    });
  const loop = (async () => {
    while (running) {
      const next = performance.now() + healthEveryMs;
      await once();
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { ms, errors };
    },
  };
}

/** Runs the users in a process of their own and returns what they saw. */
export function runClient(plan: CapacityPlan): Promise<CapacityOutcome> {
  const script = fileURLToPath(new URL("./capacity-client.ts", import.meta.url));
  const child = fork(script, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (outcome) => resolve(outcome as CapacityOutcome));
    child.once("exit", (code) => reject(new Error(`bench client exited with ${code}`)));
    child.send(plan);
  });
}

interface RunResult {
  connectionErrors: number;
  errors: Record<string, number>;
  replies: number;
  notCompleted: number;
  replyP50: number;
  replyP99: number;
  healthP50: number;
  healthP99: number;
  healthErrors: number;
  /** /health over one kept-alive connection. */
  keptHealthP50: number;
  keptHealthP99: number;
  /** Most connections seen waiting to be accepted (undefined where `ss` is missing). */
  listenQueuePeak: number | undefined;
  /** The server's CPU time per reply sent (ms), every request of the run included. */
  serverCpuPerReply: number;
  wallS: number;
  load: string;
}

export const noRateLimits = {
  RATE_LIMIT_SESSIONS_PER_IP: "0",
  RATE_LIMIT_API_PER_USER: "0",
  RATE_LIMIT_PUBLIC_PER_IP: "0",
};

/** What the users connect to: one server, or replicas behind a proxy; /health is read on the first. */
interface Target {
  url: string;
  servers: ServerProcess[];
  stop(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  if (replicas > 0) {
    const database = processDatabase("capacity");
    const servers: ServerProcess[] = [];
    for (let i = 0; i < replicas; i += 1) {
      servers.push(await startServerProcess(database.env(noRateLimits), { built: true, nodeArgs }));
    }
    const proxy = await startRoundRobinProxy(servers.map((s) => Number(new URL(s.url).port)));
    return {
      url: proxy.url,
      servers,
      stop: async () => {
        await proxy.close();
        await Promise.all(servers.map((s) => s.kill("SIGTERM")));
        await database.dispose();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-capacity-"));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...noRateLimits },
    { built: true, nodeArgs },
  );
  return {
    url: server.url,
    servers: [server],
    stop: async () => {
      await server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** " (kind: n, …)" for a table cell, or nothing without errors. */
export function errorKinds(errors: Record<string, number>): string {
  const kinds = Object.entries(errors).map(([kind, n]) => `${kind}: ${n}`);
  return kinds.length > 0 ? ` (${kinds.join(", ")})` : "";
}

const serversCpuMs = (servers: ServerProcess[]) =>
  servers.reduce((sum, s) => sum + cpuMs(s.pid), 0);

async function oneRun(run: number): Promise<RunResult> {
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const target = await startTarget();
  const server = target.servers[0] as ServerProcess;
  try {
    const cpuBefore = serversCpuMs(target.servers);
    const health = sampleHealth(server.url);
    // A load balancer checks on a new connection each time, a monitoring client may keep one.
    const kept = sampleHealth(server.url, new Agent({ keepAlive: true, maxSockets: 1 }));
    const listenQueue = sampleListenQueue(Number(new URL(server.url).port));
    let healthResult: { ms: number[]; errors: number } = { ms: [], errors: 0 };
    let keptResult: { ms: number[]; errors: number } = { ms: [], errors: 0 };
    const outcome = await runClient({
      url: target.url,
      agent: "assistant",
      users,
      rampMs,
      messages,
      thinkMs,
      texts: ["hello"],
      timeoutMs: 60_000,
    }).finally(async () => {
      healthResult = await health.stop();
      keptResult = await kept.stop();
    });
    const queue = await listenQueue.stop();
    const serverCpu = serversCpuMs(target.servers) - cpuBefore;
    const replies = [...outcome.replies].sort((a, b) => a - b);
    const healthMs = [...healthResult.ms].sort((a, b) => a - b);
    const keptMs = [...keptResult.ms].sort((a, b) => a - b);
    const result: RunResult = {
      connectionErrors: Object.values(outcome.errors).reduce((a, b) => a + b, 0),
      errors: outcome.errors,
      replies: replies.length,
      notCompleted: outcome.notCompleted,
      replyP50: percentile(replies, 50),
      replyP99: percentile(replies, 99),
      healthP50: percentile(healthMs, 50),
      healthP99: percentile(healthMs, 99),
      healthErrors: healthResult.errors + keptResult.errors,
      keptHealthP50: percentile(keptMs, 50),
      keptHealthP99: percentile(keptMs, 99),
      listenQueuePeak: queue.samples > 0 ? queue.peak : undefined,
      serverCpuPerReply: serverCpu / Math.max(1, replies.length),
      wallS: outcome.wallMs / 1000,
      load,
    };
    console.log(`capacity run ${run}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await target.stop();
  }
}

/**
 * 1,000 simulated users (their own process) connect over 10 s to one server process on SQLite,
 * each opening the live stream and sending 3 messages to the default agent (the built-in
 * planner) over streaming A2A; connection errors, reply latency and /health latency meanwhile.
 * With BENCH_REPLICAS, against that many PostgreSQL replicas behind a round-robin proxy.
 */
export async function capacityBench(): Promise<void> {
  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run++) results.push(await oneRun(run));
  if (profileDir) {
    for (const entry of topEntries(profileDir, 25)) {
      console.log(`${entry.percent.toFixed(1).padStart(5)}%  ${entry.name}`);
    }
    return; // a profiled server is slower; its numbers are not recorded
  }
  if (replicas > 0) return; // printed above; the section records the one-process runs
  const med = (pick: (r: RunResult) => number) => median(results.map(pick));
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${r.connectionErrors}${errorKinds(r.errors)} | ${r.replies} | ${r.replyP50.toFixed(0)} / ${r.replyP99.toFixed(0)} ms | ` +
      `${r.healthP50.toFixed(1)} / ${r.healthP99.toFixed(1)} ms${r.healthErrors ? ` (${r.healthErrors} failed)` : ""} | ` +
      `${r.keptHealthP50.toFixed(1)} / ${r.keptHealthP99.toFixed(1)} ms | ` +
      `${r.listenQueuePeak ?? "n/a"} | ` +
      `${r.serverCpuPerReply.toFixed(1)} ms | ${r.wallS.toFixed(1)} s | ${r.load} |`,
  );
  writeSection(
    "capacity",
    `## Capacity: ${users} users on one process (SQLite)

\`npm run bench -- capacity\`: ${users} simulated users start evenly over ${rampMs / 1000} s
against one built server process on SQLite. Each gets an anonymous token, opens the live stream
(SSE), creates a conversation and sends ${messages} messages ("hello") to the default agent (the
built-in planner: no language model, its tool servers opened per turn as with a model) through
the A2A endpoint, streaming, ${thinkMs} ms apart after each reply; a reply's latency runs from
sending to its final event. /health is sampled every ${healthEveryMs} ms from the bench process
meanwhile, twice over: on a new connection each time (as a load balancer checks) and on one
kept-alive connection. The listen queue peak is the most connections seen waiting for the
server to accept them (\`ss\`, every 250 ms): Node 20 accepts one connection per event-loop
turn, so a saturated process leaves new connections, a health check's included, waiting in the
kernel behind this queue. The users run in a process of their own, but client and server share the machine's 2
cores, so the client's work is part of the load. Rate limits are off for the bench
(\`RATE_LIMIT_SESSIONS_PER_IP\`, \`RATE_LIMIT_API_PER_USER\`, \`RATE_LIMIT_PUBLIC_PER_IP\` = 0):
from one address, 1,000 users would otherwise be refused anonymous sessions. Goal (issue 21):
0 connection errors, reply p99 under 5 s, /health p99 under 100 ms. Settings: \`BENCH_RUNS\`,
\`BENCH_USERS\`, \`BENCH_RAMP_S\`, \`BENCH_MESSAGES\`, \`BENCH_THINK_MS\`; \`BENCH_CPU_PROF=<dir>\`
profiles the server instead; \`BENCH_REPLICAS=<n>\` runs n replicas on PostgreSQL behind a
round-robin proxy instead (printed, not recorded here).

Medians of ${runs} runs: **${med((r) => r.connectionErrors)} connection errors, reply p50/p99
${med((r) => r.replyP50).toFixed(0)} / ${med((r) => r.replyP99).toFixed(0)} ms, /health p99
${med((r) => r.healthP99).toFixed(0)} ms on new connections and ${med((r) => r.keptHealthP99).toFixed(0)} ms kept-alive, listen queue peak
${med((r) => r.listenQueuePeak ?? Number.NaN)} connections, server CPU ${med((r) => r.serverCpuPerReply).toFixed(1)} ms per
reply** (all the server's work during the run, sessions and streams included, divided by the
replies).

| run | connection errors | replies | reply p50 / p99 | /health p50 / p99, new connections | /health p50 / p99, kept-alive | listen queue peak | server CPU per reply | wall | load average (1, 5, 15 min) at start |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      {
        measure: "connection errors (median of the runs)",
        latest: String(med((r) => r.connectionErrors)),
        target: "0",
        met: med((r) => r.connectionErrors) === 0,
      },
      {
        measure: "reply p99",
        latest: `${med((r) => r.replyP99).toFixed(0)} ms`,
        target: "< 5 s",
        met: med((r) => r.replyP99) < 5000,
      },
      {
        measure: "/health p99 on new connections",
        latest: `${med((r) => r.healthP99).toFixed(0)} ms`,
        target: "< 100 ms",
        met: med((r) => r.healthP99) < 100,
      },
      {
        measure: "server CPU per reply",
        latest: `${med((r) => r.serverCpuPerReply).toFixed(1)} ms`,
      },
    ],
  );
}
