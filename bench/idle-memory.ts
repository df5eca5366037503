import { readFileSync } from "node:fs";
import { startBuiltServer } from "../e2e/harness/server.js";
import { machineLine, median, writeSection } from "./report.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const targetMb = 100;
/** Extra node options for the server (BENCH_NODE_ARGS="--max-semi-space-size=1"), to try V8 flags. */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

async function oneRun(): Promise<{ startupMs: number; rssMb: number }> {
  const started = performance.now();
  const server = await startBuiltServer({}, nodeArgs);
  const startupMs = performance.now() - started;
  try {
    // Touch every kind of response once (API, HTML, assets), as a first visitor would.
    const html = await (await fetch(`${server.url}/`)).text();
    await fetch(`${server.url}/chat`);
    await fetch(`${server.url}/api/v1/health`);
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
      await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { startupMs, rssMb: rssMb(server.pid) };
  } finally {
    await server.stop();
  }
}

/** Idle resident memory of the built server on SQLite after a first visit. */
export async function idleMemory(): Promise<void> {
  const results: { startupMs: number; rssMb: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await oneRun();
    results.push(result);
    console.log(
      `idle-memory run ${i + 1}/${runs}: RSS ${result.rssMb.toFixed(1)} MB, start ${result.startupMs.toFixed(0)} ms`,
    );
  }
  const rss = median(results.map((r) => r.rssMb));
  const startup = median(results.map((r) => r.startupMs));
  const verdict = rss < targetMb ? "meets" : "MISSES";
  console.log(
    `idle-memory: median RSS ${rss.toFixed(1)} MB (${verdict} the ${targetMb} MB target)`,
  );
  writeSection(
    "idle-memory",
    `## Idle server memory (SQLite)

Built server (\`node apps/server/dist/main.js\`) on a fresh SQLite data dir, after one visit to
\`/\`, \`/chat\`, the health endpoint and every asset, then 3 s idle; RSS read from
\`/proc/<pid>/status\`. Median of ${runs} runs. Target: under ${targetMb} MB.

| measure | median | runs |
|---|---|---|
| idle RSS | **${rss.toFixed(1)} MB** (${verdict} target) | ${results.map((r) => r.rssMb.toFixed(1)).join(", ")} |
| start to listening | ${startup.toFixed(0)} ms | ${results.map((r) => r.startupMs.toFixed(0)).join(", ")} |

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      {
        measure: "idle RSS",
        latest: `${rss.toFixed(1)} MB`,
        target: `< ${targetMb} MB`,
        met: rss < targetMb,
      },
      { measure: "start to listening", latest: `${startup.toFixed(0)} ms` },
    ],
  );
}
