import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ServerProcess, startServerProcess } from "../apps/server/src/test/server-process.js";
import { cpuMs, machineLine, type Result, writeSection } from "./report.js";

/** Requests per case: sent one after another, as an attacker's burst would be. */
const perCase = Number(process.env.BENCH_BODY_REQUESTS ?? 20);
/** BENCH_FROM_SOURCE=1 runs src/main.ts through tsx instead of the built bundle. */
const built = process.env.BENCH_FROM_SOURCE !== "1";
const mib = 1 << 20;

/** Costly bodies of about `bytes`: deep nesting, many small objects, many distinct keys. */
function bodies(bytes: number): Record<string, string> {
  const keys = Math.floor(bytes / 12);
  return {
    "nested arrays": "[".repeat(bytes / 2) + "]".repeat(bytes / 2),
    "small objects": `[${Array.from({ length: Math.floor(bytes / 3) }, () => "{}").join(",")}]`,
    "distinct keys": `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(",")}}`,
  };
}

/** The most a valid token may send at the default limit: 20,000 values of distinct keys. */
const mostAllowed = `{"name":"Chat",${Array.from({ length: 9_998 }, (_, i) => `"k${i}":{"v":1}`).join(",")}}`;

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  server: ServerProcess;
}

interface Row {
  name: string;
  status: number;
  cpuMsPerRequest: number;
  loopDelayMaxMs: number;
  healthMaxMs: number;
}

/** The server's longest event-loop delay since it was last asked (loop-delay-preload.cjs). */
async function loopDelayMax(server: ServerProcess): Promise<number> {
  const before = server.output().length;
  server.child.kill("SIGUSR2");
  for (let tries = 0; tries < 200; tries += 1) {
    const match = /loop-delay-max-ms ([\d.]+)/.exec(server.output().slice(before));
    if (match) return Number(match[1]);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the server did not report its event-loop delay");
}

/** Sends a case's body `perCase` times in a row while /health is asked every 20 ms beside it. */
async function measure(item: Case): Promise<Row> {
  const { server } = item;
  await loopDelayMax(server);
  let healthMaxMs = 0;
  let sending = true;
  const probe = (async () => {
    while (sending) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/v1/health`)).arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const cpuBefore = cpuMs(server.pid);
  let status = 0;
  for (let i = 0; i < perCase; i += 1) {
    const res = await fetch(`${server.url}${item.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...item.headers },
      body: item.body,
    });
    await res.arrayBuffer();
    status = res.status;
  }
  const cpu = (cpuMs(server.pid) - cpuBefore) / perCase;
  sending = false;
  await probe;
  const row = {
    name: item.name,
    status,
    cpuMsPerRequest: cpu,
    loopDelayMaxMs: await loopDelayMax(server),
    healthMaxMs,
  };
  console.log(
    `body-cost: ${row.name}: ${row.status}, ${row.cpuMsPerRequest.toFixed(1)} ms CPU/request, ` +
      `loop delay max ${row.loopDelayMaxMs} ms, /health max ${row.healthMaxMs.toFixed(0)} ms`,
  );
  return row;
}

async function start(dataDir: string, publicPerIp: string): Promise<ServerProcess> {
  const preload = fileURLToPath(new URL("./loop-delay-preload.cjs", import.meta.url));
  return startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      RATE_LIMIT_PUBLIC_PER_IP: publicPerIp,
    },
    { built, nodeArgs: ["--require", preload] },
  );
}

/**
 * What a costly JSON body costs the server (issue 40, item 7): 1 MiB bodies of deep nesting, many
 * small objects or many distinct keys, sent 20 in a row without a token, with a bad one, past the
 * per-IP limit (429) and with a valid token; public writes (analytics) at their 64 KiB limit; and
 * the largest body a valid token may send. Per case: the server's CPU per request (from /proc,
 * 10 ms ticks), its longest event-loop delay (monitorEventLoopDelay, 5 ms resolution) and the
 * slowest /health answer while the case ran.
 */
export async function bodyCostBench(): Promise<void> {
  const dirs = [mkdtempSync(join(tmpdir(), "a2a-body-")), mkdtempSync(join(tmpdir(), "a2a-body-"))];
  const startLoad = loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  const open = await start(dirs[0] as string, "0");
  const limited = await start(dirs[1] as string, "1");
  const rows: Row[] = [];
  try {
    const session = await fetch(`${open.url}/api/v1/core/oauth/session`, { method: "POST" });
    const { access_token: token } = (await session.json()) as { access_token: string };
    // Spends the limited server's one public request, so what follows is answered 429.
    await fetch(`${limited.url}/api/v1/core/contexts`, { method: "POST" });
    const contexts = "/api/v1/core/contexts";
    // The floor on this machine: a small valid write, whose loop delay is the machine's own.
    const cases: Case[] = [
      {
        name: "baseline: a small valid write",
        path: contexts,
        headers: { authorization: `Bearer ${token}` },
        body: '{"name":"Chat"}',
        server: open,
      },
    ];
    for (const [shape, body] of Object.entries(bodies(mib))) {
      cases.push(
        { name: `${shape}, 1 MiB, no token`, path: contexts, headers: {}, body, server: open },
        {
          name: `${shape}, 1 MiB, bad token`,
          path: contexts,
          headers: { authorization: "Bearer not.a.token" },
          body,
          server: open,
        },
        {
          name: `${shape}, 1 MiB, past the limit`,
          path: contexts,
          headers: {},
          body,
          server: limited,
        },
        {
          name: `${shape}, 1 MiB, valid token`,
          path: contexts,
          headers: { authorization: `Bearer ${token}` },
          body,
          server: open,
        },
      );
    }
    for (const [shape, body] of Object.entries(bodies(65_536 - 16))) {
      const path = "/api/v1/blog/events/view";
      cases.push({ name: `${shape}, 64 KiB, public write`, path, headers: {}, body, server: open });
    }
    cases.push({
      name: "20,000 values of distinct keys (most allowed), valid token",
      path: contexts,
      headers: { authorization: `Bearer ${token}` },
      body: mostAllowed,
      server: open,
    });
    for (const item of cases) rows.push(await measure(item));
  } finally {
    await open.kill();
    await limited.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const endLoad = loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  const table = rows
    .map(
      (row) =>
        `| ${row.name} | ${row.status} | ${row.cpuMsPerRequest.toFixed(1)} | ` +
        `${row.loopDelayMaxMs.toFixed(0)} | ${row.healthMaxMs.toFixed(0)} |`,
    )
    .join("\n");
  const tokenless = rows.filter((row) =>
    /no token|bad token|past the limit|public write/.test(row.name),
  );
  const worstTokenless = Math.max(...tokenless.map((row) => row.cpuMsPerRequest));
  const worstAny = Math.max(...rows.map((row) => row.cpuMsPerRequest));
  const results: Result[] = [
    {
      measure: "CPU per request without a valid token (worst case)",
      latest: `${worstTokenless.toFixed(1)} ms`,
      target: "< 20 ms",
      met: worstTokenless < 20,
    },
    {
      measure: "CPU per request with a valid token (worst case, largest allowed body)",
      latest: `${worstAny.toFixed(1)} ms`,
    },
    {
      measure: "load average at the start (the loop-delay goal is read on the notes page)",
      latest: startLoad,
    },
  ];
  writeSection(
    "body-cost",
    `## Costly request bodies (bench \`body-cost\`)

${perCase} requests in a row per case, one server process on SQLite (${built ? "built" : "from source"}),
${new Date().toISOString().slice(0, 16)} UTC; machine: ${machineLine()}; load average ${startLoad} at the
start, ${endLoad} at the end (the machine is shared). CPU per request is the server's user + system
time from /proc (10 ms ticks) divided by the requests; the loop delay is monitorEventLoopDelay's
maximum (5 ms resolution) over the case; /health was asked every 20 ms beside it. Goal (issue 40):
no request without a valid token over 20 ms of CPU, none holding the event loop over 50 ms. Before
(issue 40, bodies parsed before the limit and the token): 200–700 ms of CPU per 1 MiB nested body,
401 or 429 alike. The baseline row is the floor: what this machine's load alone does to the loop
delay and /health (a 2-core machine shared by several test runs shows delays of 100–200 ms with
nothing to parse); only the CPU column is the server's own.

| case | status | CPU ms per request | longest loop delay (ms) | slowest /health (ms) |
|---|---|---|---|---|
${table}`,
    results,
  );
}
