import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess } from "../apps/server/src/test/server-process.js";
import { topEntries } from "./cpu-profile-top.js";
import { type LoadResult, runLoad } from "./http-load.js";
import { cpuMs, machineLine, median, type Result, writeSection } from "./report.js";

const runs = Number(process.env.BENCH_RUNS ?? 4);
const durationMs = Number(process.env.BENCH_DURATION_S ?? 6) * 1000;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** A folder: profile our server with `node --cpu-prof` into it and print its top entries. */
const profileDir = process.env.BENCH_CPU_PROF;

/**
 * The bare app runs as our server does: its own process of the same Node binary, the same
 * adapter (@hono/node-server), the same environment (PATH only) and no Node flags.
 */
async function startBareHono(): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL("./bare-hono.mjs", import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", () => reject(new Error("bare Hono exited early")));
    child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { url, child };
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The process answering, whose CPU time per request is noted. */
  pid: number;
}

/**
 * Side by side in one run: a bare Hono app answering a small JSON body, our authenticated
 * `GET /api/v1/core/contexts` (an empty list) and `GET /api/v1/health`, rounds interleaved so a
 * busy machine slows all three alike; reports req/s, the ratio to bare and p99.
 */
export async function requestPathBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-bench-"));
  const startLoad = loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  const bare = await startBareHono();
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      RATE_LIMIT_PUBLIC_PER_IP: "0",
    },
    { built: true, nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] },
  ).catch((error: unknown) => {
    bare.child.kill("SIGTERM");
    throw error;
  });
  const results = new Map<
    string,
    (LoadResult & { cpuUs: number; rateShare?: number; cpuShare?: number })[]
  >();
  try {
    const session = await fetch(`${server.url}/api/v1/core/oauth/session`, { method: "POST" });
    const { access_token: token } = (await session.json()) as { access_token: string };
    const targets: Target[] = [
      { name: "bare Hono, small JSON", url: `${bare.url}/json`, pid: bare.child.pid ?? 0 },
      {
        name: "GET /api/v1/core/contexts (authenticated, empty)",
        url: `${server.url}/api/v1/core/contexts`,
        headers: { authorization: `Bearer ${token}` },
        pid: server.pid,
      },
      {
        name: "GET /api/v1/core/tasks (authenticated, empty; through Hono)",
        url: `${server.url}/api/v1/core/tasks`,
        headers: { authorization: `Bearer ${token}` },
        pid: server.pid,
      },
      { name: "GET /api/v1/health", url: `${server.url}/api/v1/health`, pid: server.pid },
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers: target.headers });
      if (!check.ok) throw new Error(`${target.name} answered ${check.status}`);
      await runLoad({ ...target, concurrency: connections, durationMs: 1000 }); // warm-up
    }
    const measure = async (target: Target, run: number) => {
      const cpuBefore = cpuMs(target.pid);
      const load = await runLoad({ ...target, concurrency: connections, durationMs });
      if (load.errors > 0) throw new Error(`${target.name}: ${load.errors} errors`);
      const result = { ...load, cpuUs: ((cpuMs(target.pid) - cpuBefore) * 1000) / load.requests };
      console.log(
        `request-path run ${run}/${runs}: ${target.name} ${result.perSecond.toFixed(0)}/s, ` +
          `p99 ${result.p99Ms} ms, ${result.cpuUs.toFixed(1)} µs CPU per request`,
      );
      return result;
    };
    const [bareTarget, ...ours] = targets as [Target, ...Target[]];
    for (let run = 1; run <= runs; run++) {
      // Each of ours right after a slice of bare: this machine's speed drifts over seconds, so a
      // ratio is taken between neighbours, not against a figure from another moment.
      for (const target of ours) {
        const bareSlice = await measure(bareTarget, run);
        results.set(bareTarget.name, [...(results.get(bareTarget.name) ?? []), bareSlice]);
        const slice = await measure(target, run);
        const paired = {
          ...slice,
          rateShare: slice.perSecond / bareSlice.perSecond,
          cpuShare: bareSlice.cpuUs / slice.cpuUs,
        };
        results.set(target.name, [...(results.get(target.name) ?? []), paired]);
      }
    }
  } finally {
    await server.kill("SIGTERM");
    bare.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (profileDir) {
    for (const entry of topEntries(profileDir, 20)) {
      console.log(`${entry.percent.toFixed(1).padStart(5)}%  ${entry.name}`);
    }
    return; // a profiled server is slower; its numbers are not recorded
  }
  const rows = [...results.entries()].map(([name, list]) => {
    const rate = median(list.map((r) => r.perSecond));
    const shares = list.map((r) => r.rateShare ?? 1);
    const cpuShares = list.map((r) => r.cpuShare ?? 1);
    return (
      `| ${name} | **${rate.toFixed(0)}** | ${(100 * median(shares)).toFixed(0)}%` +
      (list[0]?.rateShare === undefined
        ? ""
        : ` (${shares.map((x) => `${(100 * x).toFixed(0)}%`).join(", ")})`) +
      ` | ${median(list.map((r) => r.p99Ms))} ms | ` +
      `${list.map((r) => r.perSecond.toFixed(0)).join(", ")} | ` +
      `${median(list.map((r) => r.cpuUs)).toFixed(1)} µs (${(100 * median(cpuShares)).toFixed(0)}%) |`
    );
  });
  writeSection(
    "request-path",
    `## Request path against bare Hono (one process, SQLite)

\`npm run bench -- request-path\`: a bare Hono app on \`@hono/node-server\` answering a small JSON
body (its own process: same Node, adapter and environment, no Node flags for either), our built
server's authenticated \`GET /api/v1/core/contexts\` (an empty list; answered before Hono once
the token verified and the session is known active, \`http/read-fast-path.ts\`), an authenticated
list that every request takes through Hono's nine layers (\`GET /api/v1/core/tasks\`, empty), and
\`GET /api/v1/health\` (also before Hono), measured side by side in one run: autocannon,
${connections} connections, ${durationMs / 1000} s a slice, over ${runs} rounds; in each round each of ours
runs right after a slice of bare (this machine's speed drifts over seconds: a ratio is taken
between neighbours); rate limits off, log level warn. The ratio to bare is per pair, the bold
figures are medians (of the pairs' ratios for the ratio and the CPU share). Goals: authenticated JSON GET at least 50% of bare, /health at least 70%, p99 under
10 ms. Server CPU per request is the answering process's user and system CPU time over a round
divided by the requests it answered; on a shared machine it is steadier than req/s, and bare's as
a share of ours is the ratio to hold against the goals. Settings: \`BENCH_RUNS\`,
\`BENCH_DURATION_S\`, \`BENCH_CONNECTIONS\`; \`BENCH_CPU_PROF=<dir>\` profiles the server
(\`node --cpu-prof\`) and prints its top entries instead.

| target | req/s (median) | of bare (per pair) | p99 (median) | runs req/s | server CPU per request (bare's as a share of it) |
|---|---|---|---|---|---|
${rows.join("\n")}

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}, load average
${startLoad} at the start: the absolute figures vary from run to run with other work on the same
cores; the side-by-side ratios, and above all the CPU per request, are the measure.`,
    pathResults(results),
  );
}

/** The goals: share of bare Hono's requests per second (issue 21). */
const shareGoals: Record<string, number> = {
  "GET /api/v1/core/contexts (authenticated, empty)": 0.5,
  "GET /api/v1/health": 0.7,
};
const p99GoalMs = 10;

/** The results page's rows: each of ours as a share of bare, then the worst p99. */
function pathResults(results: Map<string, { rateShare?: number; p99Ms: number }[]>): Result[] {
  const ours = [...results].filter(([, list]) => list[0]?.rateShare !== undefined);
  const rows: Result[] = ours.map(([name, list]) => {
    const share = median(list.map((r) => r.rateShare ?? 1));
    const goal = shareGoals[name];
    return {
      measure: `${name}: req/s as a share of bare Hono`,
      latest: `${(100 * share).toFixed(0)}%`,
      ...(goal === undefined ? {} : { target: `≥ ${100 * goal}%`, met: share >= goal }),
    };
  });
  const p99 = Math.max(...ours.map(([, list]) => median(list.map((r) => r.p99Ms))));
  rows.push({
    measure: "p99, slowest of ours",
    latest: `${p99} ms`,
    target: `< ${p99GoalMs} ms`,
    met: p99 < p99GoalMs,
  });
  return rows;
}
