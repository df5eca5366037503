import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { startNodeOptions } from "../apps/server/src/test/server-process.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { benchNodeArgs, cpuMs, machineLine, median, writeSection } from "./report.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const targetMb = 100;
const nodeArgs = benchNodeArgs();

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

interface Run {
  startupMs: number;
  /** CPU time (user + system, all threads) the server used until it answered: load-independent. */
  startupCpuMs: number;
  rssMb: number;
}

async function oneRun(): Promise<Run> {
  const started = performance.now();
  const server = await startBuiltServer({}, nodeArgs);
  const startupMs = performance.now() - started;
  const startupCpuMs = cpuMs(server.pid);
  try {
    // Touch every kind of response once (API, HTML, assets), as a first visitor would.
    const html = await (await fetch(`${server.url}/`)).text();
    await fetch(`${server.url}/chat`);
    await fetch(`${server.url}/api/v1/health`);
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
      await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { startupMs, startupCpuMs, rssMb: rssMb(server.pid) };
  } finally {
    await server.stop();
  }
}

/** Idle resident memory of the built server on SQLite after a first visit. */
export async function idleMemory(): Promise<void> {
  const results: Run[] = [];
  const load = (loadavg()[0] ?? 0).toFixed(1);
  for (let i = 0; i < runs; i++) {
    const result = await oneRun();
    results.push(result);
    console.log(
      `idle-memory run ${i + 1}/${runs}: RSS ${result.rssMb.toFixed(1)} MB, start ${result.startupMs.toFixed(0)} ms (${result.startupCpuMs.toFixed(0)} ms CPU)`,
    );
  }
  const rss = median(results.map((r) => r.rssMb));
  const startup = median(results.map((r) => r.startupMs));
  const startupCpu = median(results.map((r) => r.startupCpuMs));
  const flags = [...startNodeOptions, ...nodeArgs].join(" ");
  const verdict = rss < targetMb ? "meets" : "MISSES";
  console.log(
    `idle-memory: median RSS ${rss.toFixed(1)} MB (${verdict} the ${targetMb} MB target)`,
  );
  writeSection(
    "idle-memory",
    `## Idle server memory (SQLite)

Built server (\`node ${flags} apps/server/dist/main.js\`, npm start's node options) on a fresh
SQLite data dir, after one visit to \`/\`, \`/chat\`, the health endpoint and every asset, then
3 s idle; RSS read from \`/proc/<pid>/status\`. Start: from spawning the process to its first
answer on /api/v1/health (polled every 10 ms), and the CPU time the server used by then (all its
threads, from /proc), which other processes' load barely moves. Median of ${runs} runs.
Target: under ${targetMb} MB idle, under 500 ms to listening.

| measure | median | runs |
|---|---|---|
| idle RSS | **${rss.toFixed(1)} MB** (${verdict} target) | ${results.map((r) => r.rssMb.toFixed(1)).join(", ")} |
| start to listening | ${startup.toFixed(0)} ms | ${results.map((r) => r.startupMs.toFixed(0)).join(", ")} |
| CPU time to listening | ${startupCpu.toFixed(0)} ms | ${results.map((r) => r.startupCpuMs.toFixed(0)).join(", ")} |

Machine: ${machineLine()}; load average ${load} when the runs began. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      {
        measure: "idle RSS",
        latest: `${rss.toFixed(1)} MB`,
        target: `< ${targetMb} MB`,
        met: rss < targetMb,
      },
      {
        measure: "start to listening",
        latest: `${startup.toFixed(0)} ms (load ${load}; ${startupCpu.toFixed(0)} ms CPU)`,
        target: "< 500 ms",
        met: startup < 500,
      },
    ],
  );
}
