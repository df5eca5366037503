import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { a2aClient, textMessage } from "../apps/server/src/test/a2a.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { type E2eServer, startBuiltServer } from "../e2e/harness/server.js";
import { machineLine, writeSection } from "./report.js";
import { BenchSseClient } from "./sse-client.js";

/**
 * One server process under steady, mixed traffic for an hour (SOAK_MINUTES): chat turns with the
 * fake model over A2A streaming, MCP sessions on the built-in analytics server (list, call,
 * close), live-stream connections held and churned, conversation renames, page loads. RSS, heap,
 * external memory, handles and open descriptors are sampled every minute; the verdict compares
 * the last sample with the one at the end of the warm-up (SOAK_WARMUP_MINUTES).
 */

const minutes = Number(process.env.SOAK_MINUTES ?? 60);
const warmupMinutes = Number(process.env.SOAK_WARMUP_MINUTES ?? 5);
const sampleEveryMs = Number(process.env.SOAK_SAMPLE_MS ?? 60_000);
const usersCount = 8;
const heldStreams = 16;
const turnsPerConversation = 10;
const maxGrowth = 0.1;
const metricsToken = "soak-metrics-token-0123456789";

interface User {
  token: string;
  contextId: string;
  turns: number;
}

interface Sample {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  handles: number;
  fds: number;
  load: string;
  turns: number;
  mcpCalls: number;
  streams: number;
  errors: number;
}

const counts = { turns: 0, mcpCalls: 0, streams: 0, pages: 0, errors: 0 };
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

function metricValue(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "m").exec(text);
  return Number(match?.[1] ?? Number.NaN);
}

async function sample(server: E2eServer, minute: number): Promise<Sample> {
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
    handles: metricValue(metrics, "nodejs_active_handles_total"),
    fds: readdirSync(`/proc/${server.pid}/fd`).length,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    turns: counts.turns,
    mcpCalls: counts.mcpCalls,
    streams: counts.streams,
    errors: counts.errors,
  };
}

const f1 = (n: number) => n.toFixed(1);

/** The server's settings a run changed from npm start's, as the record says them. */
function serverSettings(): string {
  const set = [
    process.env.SOAK_SERVER_NODE_OPTIONS && `NODE_OPTIONS=${process.env.SOAK_SERVER_NODE_OPTIONS}`,
    process.env.SOAK_MALLOC_ARENA_MAX && `MALLOC_ARENA_MAX=${process.env.SOAK_MALLOC_ARENA_MAX}`,
  ].filter(Boolean);
  return set.length > 0 ? ` (${set.join(", ")})` : "";
}

/** The soak: steady mixed traffic on one process, memory sampled every minute. */
export async function soakBench(): Promise<void> {
  const provider = await startFakeTokenProvider();
  const server = await startBuiltServer({
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
  });
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
    samples.push(await sample(server, 0));
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
        counts.pages++;
      }),
    ];
    let minute = 0;
    while (!stop()) {
      const next = started + (minute + 1) * sampleEveryMs;
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, endAt) - Date.now())));
      minute++;
      const s = await sample(server, minute);
      samples.push(s);
      console.log(
        `soak ${minute}: RSS ${f1(s.rssMb)} MB, heap ${f1(s.heapUsedMb)}/${f1(s.heapTotalMb)} MB, external ${f1(s.externalMb)} MB, handles ${s.handles}, fds ${s.fds}, turns ${s.turns}, mcp ${s.mcpCalls}, streams ${s.streams}, errors ${s.errors}, load ${s.load}`,
      );
    }
    await Promise.all(loops);
  } finally {
    for (const client of held) client.close();
    await server.stop();
    await provider.close();
  }
  report(samples);
}

function report(samples: Sample[]): void {
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
        `| ${s.minute} | ${f1(s.rssMb)} | ${f1(s.heapUsedMb)} / ${f1(s.heapTotalMb)} | ${f1(s.externalMb)} | ${s.handles} | ${s.fds} | ${s.turns} | ${s.mcpCalls} | ${s.streams} | ${s.errors} | ${s.load} |`,
    )
    .join("\n");
  console.log(
    `soak: RSS ${f1(warm.rssMb)} MB after warm-up, ${f1(last.rssMb)} MB at the end (${pct(growth)}), peak ${f1(peak)} MB; ${counts.errors} errors`,
  );
  for (const text of errorTexts) console.log(`  error: ${text}`);
  writeSection(
    "soak",
    `## Soak: one process for ${minutes} minutes (SQLite)

Built server on a fresh SQLite data dir with metrics on${serverSettings()}, the fake OpenAI-compatible model on
loopback. Steady traffic from the bench process: two loops of chat turns (A2A streaming, 40 tokens
5 ms apart, then a rename; every ${turnsPerConversation}th turn moves the user to a new conversation and
deletes the old one), an MCP session on the built-in analytics server every second (initialize,
tools/list, query_orders, close; every other one ends its session with DELETE), a live stream
opened and closed every second besides ${heldStreams} held open, and the home page, /chat and both
registries every 5 s, over ${usersCount} anonymous users. Sampled every ${sampleEveryMs / 1000} s: RSS from
/proc, heap and external memory and active handles from /metrics, open descriptors from /proc.
Warm-up: the first ${warmupMinutes} minutes. Target: RSS at the end and at its peak within
${pct(maxGrowth)} of RSS after the warm-up.

| measure | value |
|---|---|
| RSS after warm-up (minute ${warm.minute}) | ${f1(warm.rssMb)} MB |
| RSS at the end (minute ${last.minute}) | **${f1(last.rssMb)} MB** (${pct(growth)}) |
| peak RSS after warm-up | ${f1(peak)} MB |
| heap used, warm-up → end | ${f1(warm.heapUsedMb)} → ${f1(last.heapUsedMb)} MB |
| active handles, warm-up → end | ${warm.handles} → ${last.handles} |
| chat turns / MCP calls / streams churned | ${last.turns} / ${last.mcpCalls} / ${last.streams} |
| errors | ${last.errors} |

| minute | RSS MB | heap used / total MB | external MB | handles | fds | turns | MCP calls | streams | errors | load |
|---|---|---|---|---|---|---|---|---|---|---|
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
