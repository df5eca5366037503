import { mkdtempSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type E2eServer, startBuiltServer } from "../e2e/harness/server.js";
import { machineLine, type Result, writeSection } from "./report.js";
import { BenchSseClient } from "./sse-client.js";

const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const connectionsPerUser = 10;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface User {
  token: string;
  contextId: string;
  events: number;
  server: E2eServer;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

function call(
  url: string,
  method: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) headers["content-type"] = "application/json";
    const req = request(url, { method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

async function makeUsers(servers: E2eServer[], count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const server = servers[(i + j) % servers.length] as E2eServer;
        const session = JSON.parse(
          (await call(`${server.url}/api/v1/core/oauth/session`, "POST")).text,
        ) as {
          access_token: string;
        };
        const context = JSON.parse(
          (
            await call(`${server.url}/api/v1/core/contexts`, "POST", session.access_token, {
              name: "Bench",
            })
          ).text,
        ) as { context_id: string };
        return { token: session.access_token, contextId: context.context_id, events: 1, server };
      }),
    );
    users.push(...batch);
  }
  return users;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Sends rename events at a steady rate for durationMs; returns the achieved rate. */
async function produce(
  users: User[],
  servers: E2eServer[],
  rate: number,
  durationMs: number,
): Promise<number> {
  const started = performance.now();
  let sent = 0;
  let inFlight = 0;
  let next = 0;
  const pending: Promise<void>[] = [];
  while (performance.now() - started < durationMs) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due && inFlight < 256) {
      const user = users[next++ % users.length] as User;
      const server = servers[sent % servers.length] as E2eServer;
      user.events++;
      sent++;
      inFlight++;
      pending.push(
        call(`${server.url}/api/v1/core/contexts/${user.contextId}`, "PUT", user.token, {
          name: `n${sent}`,
        }).then((res) => {
          inFlight--;
          if (res.status !== 200) throw new Error(`rename answered ${res.status}`);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(pending);
  return sent / ((performance.now() - started) / 1000);
}

async function settle(
  clients: { client: BenchSseClient; user: User }[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = clients.reduce(
      (n, { client, user }) => n + Math.max(0, user.events - client.stats.lastId),
      0,
    );
    if (missing === 0 || Date.now() > deadline) return missing;
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface ModeResult {
  mode: string;
  connections: number;
  rssPer1000: number;
  p50: number;
  p99: number;
  lost: number;
  reordered: number;
  maxRate: number | undefined;
}

async function runMode(
  mode: "sqlite" | "postgres",
  connections: number,
  findMaxRate: boolean,
): Promise<ModeResult> {
  const servers: E2eServer[] = [];
  const env: Record<string, string> = {
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
  };
  let schema: string | undefined;
  if (mode === "postgres") {
    schema = `bench_${Date.now().toString(36)}`;
    Object.assign(env, {
      DATABASE_URL: pgUrl,
      DATABASE_SCHEMA: schema,
      JWT_SIGNING_KEY_PATH: join(mkdtempSync(join(tmpdir(), "a2a-bench-")), "key.json"),
    });
    servers.push(await startBuiltServer(env));
    servers.push(await startBuiltServer(env));
  } else {
    servers.push(await startBuiltServer(env));
  }
  try {
    const users = await makeUsers(servers, connections / connectionsPerUser);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = servers.reduce((sum, s) => sum + rssMb(s.pid), 0);
    let latencies: number[] = [];
    const clients: { client: BenchSseClient; user: User }[] = [];
    for (let i = 0; i < connections; i += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, connections - i) }, async (_, j) => {
          const user = users[Math.floor((i + j) / connectionsPerUser)] as User;
          const server = servers[(i + j) % servers.length] as E2eServer;
          const client = new BenchSseClient(
            `${server.url}/api/v1/stream/contexts`,
            user.token,
            (ms) => latencies.push(ms),
          );
          await client.connect();
          clients.push({ client, user });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 3000));
    const idle = servers.reduce((sum, s) => sum + rssMb(s.pid), 0);
    const rssPer1000 = (idle - baseline) / (connections / 1000);

    latencies = [];
    await produce(users, servers, 100, 5000);
    const lost = await settle(clients, 5000);
    const sorted = [...latencies].sort((a, b) => a - b);
    const reordered = clients.reduce((n, { client }) => n + client.stats.outOfOrder, 0);

    let maxRate: number | undefined;
    if (findMaxRate) {
      for (const rate of [200, 400, 800, 1600, 3200]) {
        const achieved = await produce(users, servers, rate, 3000);
        const missing = await settle(clients, 3000);
        const bad = clients.reduce((n, { client }) => n + client.stats.outOfOrder, 0);
        console.log(
          `  ${mode}: target ${rate}/s achieved ${achieved.toFixed(0)}/s, undelivered ${missing}, reordered ${bad}`,
        );
        if (missing > 0 || bad > 0) break;
        maxRate = Math.max(maxRate ?? 0, achieved);
        // The producer could not reach the target: the server is saturated.
        if (achieved < rate * 0.95) break;
      }
    }
    for (const { client } of clients) client.close();
    return {
      mode,
      connections,
      rssPer1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      lost,
      reordered,
      maxRate,
    };
  } finally {
    for (const server of servers) await server.stop();
    if (schema) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

/** Live stream: connections, latency at 100 events/s, memory per idle connection, max rate. */
export async function streamBench(): Promise<void> {
  const sizes = (process.env.BENCH_STREAM_CONNECTIONS ?? "1000,10000").split(",").map(Number);
  const results: ModeResult[] = [];
  for (const mode of ["sqlite", "postgres"] as const) {
    for (const connections of sizes) {
      const result = await runMode(mode, connections, connections === sizes[0]);
      results.push(result);
      console.log(
        `stream ${mode} ${connections}: ${result.rssPer1000.toFixed(1)} MB/1000 idle, p50 ${result.p50} ms, p99 ${result.p99} ms, lost ${result.lost}, reordered ${result.reordered}, max ${result.maxRate?.toFixed(0) ?? "-"}/s`,
      );
    }
  }
  const rows = results
    .map(
      (r) =>
        `| ${r.mode === "sqlite" ? "1 process, SQLite" : "2 replicas, PostgreSQL"} | ${r.connections.toLocaleString("en-US")} | ${r.rssPer1000.toFixed(1)} MB | ${r.p50} ms | ${r.p99} ms | ${r.lost} / ${r.reordered} | ${r.maxRate === undefined ? "–" : `${r.maxRate.toFixed(0)}/s`} |`,
    )
    .join("\n");
  writeSection(
    "stream",
    `## Live stream (SSE)

Built server(s) on loopback; ${connectionsPerUser} connections per anonymous user, each user with one
conversation. Events are renames (\`PUT /api/v1/core/contexts/{id}\`) sent at a steady 100/s for
5 s, spread over users (and alternating replicas); each reaches that user's ${connectionsPerUser}
connections. Latency is client receipt minus the event's timestamp (taken in the writing
transaction), same clock. Memory is the server RSS increase after all connections are idle,
per 1,000. "Max rate" ramps 200, 400, 800, 1,600, 3,200 events/s (3 s each, on the smaller
connection count) and keeps the highest rate achieved with nothing undelivered or reordered; the
ramp stops when the writer no longer reaches its target (the server is saturated). The
clients and the load generator share the machine's two cores with the server(s).

| setup | connections | RSS per 1,000 idle | p50 | p99 | lost / reordered | max rate |
|---|---|---|---|---|---|---|
${rows}

Targets: 10,000 connections on one process with p99 under 100 ms, under 30 MB RSS per 1,000 idle
connections, zero events lost or reordered.

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
    streamResults(results),
  );
}

/** The results page's rows: each setup (the targets are one process's), losses, the rates. */
function streamResults(results: ModeResult[]): Result[] {
  const setup = (r: ModeResult) =>
    r.mode === "sqlite" ? "1 process, SQLite" : "2 replicas, PostgreSQL";
  const lost = results.reduce((n, r) => n + r.lost, 0);
  const reordered = results.reduce((n, r) => n + r.reordered, 0);
  const rates = results.filter((r) => r.maxRate !== undefined);
  return [
    ...results.map((r) => ({
      measure: `${setup(r)}, ${r.connections.toLocaleString("en-US")} connections: p99 / RSS per 1,000 idle`,
      latest: `${r.p99} ms / ${r.rssPer1000.toFixed(1)} MB`,
      ...(r.mode === "sqlite"
        ? { target: "< 100 ms / < 30 MB", met: r.p99 < 100 && r.rssPer1000 < 30 }
        : {}),
    })),
    {
      measure: "events lost / reordered",
      latest: `${lost} / ${reordered}`,
      target: "0 / 0",
      met: lost + reordered === 0,
    },
    {
      measure: `max event rate (${rates.map(setup).join(" / ")})`,
      latest: rates.map((r) => `${r.maxRate?.toFixed(0)}/s`).join(" / "),
    },
  ];
}
