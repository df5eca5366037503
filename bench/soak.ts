import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { a2aClient, textMessage } from "../apps/server/src/test/a2a.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { type E2eServer, startBuiltServer } from "../e2e/harness/server.js";
import { benchNodeArgs } from "./report.js";
import { f1, reportSoak, type Sample, type SoakPlan, sampleServer } from "./soak-report.js";
import { BenchSseClient } from "./sse-client.js";

/**
 * One server process under steady, mixed traffic for an hour (SOAK_MINUTES): chat turns with the
 * fake model over A2A streaming, MCP sessions on the built-in analytics server (list, call,
 * close), live-stream connections held and churned, conversation renames, page loads. RSS, heap,
 * external memory, handles and open descriptors are sampled every minute; the verdict compares
 * the last sample with the one at the end of the warm-up (SOAK_WARMUP_MINUTES).
 */

const plan: SoakPlan = {
  minutes: Number(process.env.SOAK_MINUTES ?? 60),
  warmupMinutes: Number(process.env.SOAK_WARMUP_MINUTES ?? 5),
  sampleEveryMs: Number(process.env.SOAK_SAMPLE_MS ?? 60_000),
  maxGrowth: 0.1,
  usersCount: 8,
  heldStreams: 16,
  turnsPerConversation: 10,
};
const { minutes, sampleEveryMs, usersCount, heldStreams, turnsPerConversation } = plan;
/**
 * Minutes at which the server writes a heap snapshot (SOAK_SNAPSHOT_MINUTES=10,50) into
 * bench/results/soak-snapshots (compare them with bench/heap-snapshot-diff.ts). Writing one
 * pauses the server for seconds and raises its RSS: a diagnosis, not a measured run.
 */
const snapshotMinutes = (process.env.SOAK_SNAPSHOT_MINUTES ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number);
const snapshotDir = join(import.meta.dirname, "results", "soak-snapshots");
const metricsToken = "soak-metrics-token-0123456789";

interface User {
  token: string;
  contextId: string;
  turns: number;
}

const counts = { turns: 0, mcpCalls: 0, streams: 0, errors: 0 };
const errorTexts: string[] = [];

function noteError(where: string, error: unknown): void {
  counts.errors++;
  if (errorTexts.length < 10) errorTexts.push(`${where}: ${String(error)}`);
}

async function json<T>(url: string, method: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function newConversation(server: E2eServer, token: string): Promise<string> {
  const made = await json<{ context_id: string }>(
    `${server.url}/api/v1/core/contexts`,
    "POST",
    token,
    { name: "Soak" },
  );
  return made.context_id;
}

async function newUser(server: E2eServer): Promise<User> {
  const session = await json<{ access_token: string }>(
    `${server.url}/api/v1/core/oauth/session`,
    "POST",
  );
  const contextId = await newConversation(server, session.access_token);
  return { token: session.access_token, contextId, turns: 0 };
}

function withToken(token: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set("authorization", `Bearer ${token}`);
    return fetch(request);
  };
}

/** One chat turn streamed to its end; every tenth turn moves the user to a fresh conversation. */
async function chatTurn(server: E2eServer, provider: FakeTokenProvider, user: User, agent: string) {
  const client = await a2aClient(withToken(user.token), agent, server.url);
  const tag = `soak-${counts.turns}`;
  const stream = client.sendMessageStream(
    {
      tenant: "",
      message: textMessage(user.contextId, `tokens:40 tag:${tag} gapMs:5`),
      configuration: undefined,
      metadata: undefined,
    },
    { signal: AbortSignal.timeout(60_000) },
  );
  let state: TaskState | undefined;
  for await (const event of stream as AsyncIterable<StreamResponse>) {
    if (event.payload?.$case === "statusUpdate") state = event.payload.value.status?.state;
  }
  provider.takeSendTimes(tag);
  if (state !== TaskState.TASK_STATE_COMPLETED) throw new Error(`turn ended in state ${state}`);
  counts.turns++;
  user.turns++;
  await json(`${server.url}/api/v1/core/contexts/${user.contextId}`, "PUT", user.token, {
    name: `Soak ${user.turns}`,
  });
  if (user.turns % turnsPerConversation === 0) {
    const old = user.contextId;
    user.contextId = await newConversation(server, user.token);
    const res = await fetch(`${server.url}/api/v1/core/contexts/${old}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${user.token}` },
    });
    if (!res.ok) throw new Error(`DELETE context answered ${res.status}`);
  }
}

/** An MCP session on the built-in analytics server: list tools, call one, close (half end it). */
async function mcpSession(server: E2eServer, user: User, terminate: boolean): Promise<void> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`${server.url}/api/v1/mcp/analytics/mcp`),
    { requestInit: { headers: { authorization: `Bearer ${user.token}` } } },
  );
  const client = new McpClient({ name: "soak", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools();
    const result = await client.callTool({
      name: "query_orders",
      arguments: { region: "europe", limit: 5 },
    });
    if (result.isError) throw new Error("query_orders answered an error");
    counts.mcpCalls++;
    if (terminate) await transport.terminateSession();
  } finally {
    await client.close();
  }
}

function loop(stop: () => boolean, pauseMs: number, name: string, work: () => Promise<void>) {
  return (async () => {
    while (!stop()) {
      await work().catch((error: unknown) => noteError(name, error));
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
}

export async function soakBench(): Promise<void> {
  const provider = await startFakeTokenProvider();
  if (snapshotMinutes.length > 0) mkdirSync(snapshotDir, { recursive: true });
  const nodeArgs = [
    ...benchNodeArgs(),
    ...(snapshotMinutes.length > 0
      ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`]
      : []),
  ];
  const server = await startBuiltServer(
    {
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      LOG_LEVEL: "warn",
      OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "soak",
      METRICS_TOKEN: metricsToken,
      // The users' session tokens outlive the run (the default hour would end in 401s at its end).
      TOKEN_LIFETIME_SECONDS: String(Math.ceil(minutes + 10) * 60),
      ...(process.env.SOAK_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.SOAK_SERVER_NODE_OPTIONS }
        : {}),
      // glibc's malloc arenas for the server (SOAK_MALLOC_ARENA_MAX=2): RSS that grows outside the
      // JS heap may be arenas fragmenting, one per thread that allocates.
      ...(process.env.SOAK_MALLOC_ARENA_MAX
        ? { MALLOC_ARENA_MAX: process.env.SOAK_MALLOC_ARENA_MAX }
        : {}),
      ...(process.env.SQLITE_CACHE_MB ? { SQLITE_CACHE_MB: process.env.SQLITE_CACHE_MB } : {}),
    },
    nodeArgs,
  );
  const samples: Sample[] = [];
  const started = Date.now();
  const endAt = started + minutes * 60_000;
  const stop = () => Date.now() >= endAt;
  const held: BenchSseClient[] = [];
  try {
    const registry = await json<{ data: { name: string }[] }>(
      `${server.url}/api/v1/agents/registry`,
      "GET",
    );
    const agent = registry.data[0]?.name;
    if (!agent) throw new Error("no agent in the registry");
    const users = await Promise.all(Array.from({ length: usersCount }, () => newUser(server)));
    for (let i = 0; i < heldStreams; i++) {
      const user = users[i % users.length] as User;
      const client = new BenchSseClient(
        `${server.url}/api/v1/stream/contexts`,
        user.token,
        () => {},
      );
      await client.connect();
      held.push(client);
    }
    samples.push(await sampleServer(server, metricsToken, 0, counts));
    let turn = 0;
    let mcp = 0;
    let churn = 0;
    const loops = [
      // Two chat loops: turns overlap as two people chatting at once would.
      ...[0, 1].map((k) =>
        loop(stop, 250, "turn", () =>
          chatTurn(server, provider, users[(turn++ * 2 + k) % users.length] as User, agent),
        ),
      ),
      loop(stop, 1000, "mcp", () =>
        mcpSession(server, users[mcp % users.length] as User, mcp++ % 2 === 0),
      ),
      loop(stop, 1000, "stream", async () => {
        const user = users[churn++ % users.length] as User;
        const client = new BenchSseClient(
          `${server.url}/api/v1/stream/contexts`,
          user.token,
          () => {},
        );
        await client.connect();
        counts.streams++;
        await new Promise((r) => setTimeout(r, 500));
        client.close();
      }),
      loop(stop, 5000, "pages", async () => {
        for (const path of ["/", "/chat", "/api/v1/agents/registry", "/api/v1/mcp/registry"]) {
          const res = await fetch(`${server.url}${path}`);
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        }
      }),
    ];
    let minute = 0;
    while (!stop()) {
      const next = started + (minute + 1) * sampleEveryMs;
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, endAt) - Date.now())));
      minute++;
      const s = await sampleServer(server, metricsToken, minute, counts);
      samples.push(s);
      if (snapshotMinutes.includes(minute)) process.kill(server.pid, "SIGUSR2");
      console.log(
        `soak ${minute}: RSS ${f1(s.rssMb)} MB, heap ${f1(s.heapUsedMb)}/${f1(s.heapTotalMb)} MB, external ${f1(s.externalMb)} MB, statements ${s.statements}, database ${f1(s.databaseMb)} MB, handles ${s.handles}, fds ${s.fds}, cpu ${s.cpuSeconds.toFixed(1)} s (gc ${s.gcSeconds.toFixed(1)} s), turns ${s.turns}, mcp ${s.mcpCalls}, streams ${s.streams}, errors ${s.errors}, load ${s.load}`,
      );
    }
    await Promise.all(loops);
  } finally {
    for (const client of held) client.close();
    await server.stop();
    await provider.close();
  }
  reportSoak(samples, plan, errorTexts);
}
