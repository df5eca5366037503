import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import { a2aClient, textMessage } from "../apps/server/src/test/a2a.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { type E2eServer, startBuiltServer } from "../e2e/harness/server.js";
import {
  absolute,
  differences,
  involuntarySwitches,
  percentile,
  probePath,
  readProbe,
  withOwnCore,
} from "./agents-latency.js";
import { machineLine, median, type Result, writeSection } from "./report.js";

const runCount = Number(process.env.BENCH_RUNS ?? 3);
const singleTokens = Number(process.env.BENCH_AGENT_TOKENS ?? 20_000);
const pacedTokens = 2_000;
const concurrentStreams = 100;
const tokensPerConcurrentStream = 200;
const streamTimeoutMs = 120_000;

interface Caller {
  client: Client;
  contextId: string;
}

interface StreamOutcome {
  tokens: number;
  /** Receipt time of each token index (performance.now()). */
  received: Map<number, number>;
  state: TaskState | undefined;
  ms: number;
}

async function post(url: string, token?: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** An anonymous user with a fresh conversation and an SDK v1.0 client for the default agent. */
async function caller(server: E2eServer, agent: string): Promise<Caller> {
  const session = (await post(`${server.url}/api/v1/core/oauth/session`)) as {
    access_token: string;
  };
  const context = (await post(`${server.url}/api/v1/core/contexts`, session.access_token, {
    name: "Bench",
  })) as { context_id: string };
  const fetchImpl: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set("authorization", `Bearer ${session.access_token}`);
    return fetch(request);
  };
  const client = await a2aClient(fetchImpl, agent, server.url);
  return { client, contextId: context.context_id };
}

/** Streams one reply of `tokens` tokens and notes when each token reached the client. */
async function streamOnce(
  { client, contextId }: Caller,
  tokens: number,
  tag: string,
  gapMs = 0,
): Promise<StreamOutcome> {
  const received = new Map<number, number>();
  let state: TaskState | undefined;
  const started = performance.now();
  const stream = client.sendMessageStream(
    {
      tenant: "",
      message: textMessage(contextId, `tokens:${tokens} tag:${tag} gapMs:${gapMs}`),
      configuration: undefined,
      metadata: undefined,
    },
    { signal: AbortSignal.timeout(streamTimeoutMs) },
  );
  for await (const event of stream as AsyncIterable<StreamResponse>) {
    const now = performance.now();
    const payload = event.payload;
    if (payload?.$case !== "statusUpdate") continue;
    const status = payload.value.status;
    state = status?.state;
    if (state !== TaskState.TASK_STATE_WORKING) continue;
    for (const part of status?.message?.parts ?? []) {
      if (part.content?.$case !== "text") continue;
      for (const match of part.content.value.matchAll(/t(\d+) /g)) {
        const index = Number(match[1]);
        if (!received.has(index)) received.set(index, now);
      }
    }
  }
  return { tokens: received.size, received, state, ms: performance.now() - started };
}

/** Receipt minus write time of every token of a stream (both on this process's clock), sorted. */
function addedPerChunk(outcome: StreamOutcome, sent: number[] | undefined): number[] {
  if (!sent) throw new Error("the fake provider saw no request for this stream");
  return differences(sent, Object.fromEntries(outcome.received));
}

/** A paced stream: what the client saw, when the provider wrote, how often the OS preempted. */
interface Paced {
  tag: string;
  outcome: StreamOutcome;
  sent: number[];
  switches: number;
}

interface RunData {
  tokensPerSecond: number;
  burstAdded: number[];
  shared: Paced;
  ownCore: Paced | undefined;
  concurrentErrors: number;
  concurrentMs: number;
}

async function pacedStream(
  server: E2eServer,
  provider: FakeTokenProvider,
  agent: string,
  tag: string,
): Promise<Paced> {
  const who = await caller(server, agent);
  const before = involuntarySwitches(server.pid);
  const outcome = await streamOnce(who, pacedTokens, tag, 1);
  const switches = involuntarySwitches(server.pid) - before;
  if (outcome.tokens !== pacedTokens) throw new Error(`${tag} got ${outcome.tokens} tokens`);
  const sent = provider.takeSendTimes(tag);
  if (!sent) throw new Error(`the fake provider saw no request for ${tag}`);
  return { tag, outcome, sent, switches };
}

async function oneRun(
  server: E2eServer,
  provider: FakeTokenProvider,
  agent: string,
  run: number,
): Promise<RunData> {
  // One stream, tokens as fast as the provider can write them.
  const single = await caller(server, agent);
  const burst = await streamOnce(single, singleTokens, `burst-${run}`);
  if (burst.tokens !== singleTokens || burst.state !== TaskState.TASK_STATE_COMPLETED) {
    throw new Error(
      `single stream got ${burst.tokens}/${singleTokens} tokens, state ${burst.state}`,
    );
  }
  const burstAdded = addedPerChunk(burst, provider.takeSendTimes(`burst-${run}`));

  // Per-chunk latency without a backlog: the provider pauses ~1 ms between tokens. Once with
  // the server sharing both cores with this process, once with its event loop on a core of its own.
  const shared = await pacedStream(server, provider, agent, `paced-${run}`);
  let ownCore: Paced | undefined;
  await withOwnCore(server.pid, async () => {
    ownCore = await pacedStream(server, provider, agent, `paced-own-${run}`);
  });

  // 100 concurrent streams, each its own user and conversation.
  const callers = await Promise.all(
    Array.from({ length: concurrentStreams }, () => caller(server, agent)),
  );
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    callers.map((c, i) => streamOnce(c, tokensPerConcurrentStream, `many-${run}-${i}`)),
  );
  const concurrentMs = performance.now() - started;
  const concurrentErrors = outcomes.filter(
    (o) =>
      o.status === "rejected" ||
      o.value.tokens !== tokensPerConcurrentStream ||
      o.value.state !== TaskState.TASK_STATE_COMPLETED,
  ).length;
  for (let i = 0; i < concurrentStreams; i += 1) provider.takeSendTimes(`many-${run}-${i}`);

  const tokensPerSecond = singleTokens / (burst.ms / 1000);
  console.log(
    `agents run ${run + 1}: ${tokensPerSecond.toFixed(0)} tokens/s; ${concurrentStreams} streams ${concurrentMs.toFixed(0)} ms, ${concurrentErrors} errors`,
  );
  return { tokensPerSecond, burstAdded, shared, ownCore, concurrentErrors, concurrentMs };
}

/** The figures of one run, once the server's probe file is read. */
interface RunResult {
  tokensPerSecond: number;
  burstP50: number;
  burstP99: number;
  pacedP50: number;
  pacedP99: number;
  serverP50: number;
  serverP99: number;
  ownP50: number;
  ownP99: number;
  toServerP50: number;
  toServerP99: number;
  toClientP50: number;
  toClientP99: number;
  /** Shortest provider-to-server and server-to-client hops (ms): below 0, the clocks disagree. */
  shortestToServer: number;
  shortestToClient: number;
  sharedSwitches: number;
  ownSwitches: number;
  concurrentErrors: number;
  concurrentMs: number;
}

function figures(data: RunData, probe: ReturnType<typeof readProbe>, run: number): RunResult {
  const inServer = (paced: Paced | undefined) => {
    const seen = paced && probe[paced.tag];
    return seen ? differences(seen.in, seen.out) : [];
  };
  const seen = probe[data.shared.tag];
  const toServer = seen ? differences(absolute(data.shared.sent), seen.in) : [];
  const toClient = seen ? differences(seen.out, absolute(data.shared.outcome.received)) : [];
  const ended = addedPerChunk(data.shared.outcome, data.shared.sent);
  const server = inServer(data.shared);
  const own = inServer(data.ownCore);
  const result: RunResult = {
    tokensPerSecond: data.tokensPerSecond,
    burstP50: percentile(data.burstAdded, 50),
    burstP99: percentile(data.burstAdded, 99),
    pacedP50: percentile(ended, 50),
    pacedP99: percentile(ended, 99),
    serverP50: percentile(server, 50),
    serverP99: percentile(server, 99),
    ownP50: percentile(own, 50),
    ownP99: percentile(own, 99),
    toServerP50: percentile(toServer, 50),
    toServerP99: percentile(toServer, 99),
    toClientP50: percentile(toClient, 50),
    toClientP99: percentile(toClient, 99),
    shortestToServer: toServer[0] ?? Number.NaN,
    shortestToClient: toClient[0] ?? Number.NaN,
    sharedSwitches: data.shared.switches,
    ownSwitches: data.ownCore?.switches ?? Number.NaN,
    concurrentErrors: data.concurrentErrors,
    concurrentMs: data.concurrentMs,
  };
  const f = (n: number) => n.toFixed(2);
  console.log(
    `agents run ${run + 1}: server per chunk p50/p99 own core ${f(result.ownP50)}/${f(result.ownP99)} ms, shared ${f(result.serverP50)}/${f(result.serverP99)} ms; end-to-end paced ${f(result.pacedP50)}/${f(result.pacedP99)} ms (to server ${f(result.toServerP50)}/${f(result.toServerP99)}, to client ${f(result.toClientP50)}/${f(result.toClientP99)}, shortest ${f(result.shortestToServer)}/${f(result.shortestToClient)} ms); preempted ${result.sharedSwitches} shared / ${result.ownSwitches} own core`,
  );
  return result;
}

const ms = (value: number, digits = 2) =>
  Number.isNaN(value) ? "n/a" : `${value.toFixed(digits)} ms`;
const verdict = (met: boolean) => (met ? "met" : "**not met**");

/** Agent streaming over A2A: tokens/s on one stream, time added per chunk, 100 concurrent streams. */
export async function agentsBench(): Promise<void> {
  const provider = await startFakeTokenProvider();
  const probeFile = join(tmpdir(), `a2a-chat-agents-probe-${process.pid}.json`);
  const server = await startBuiltServer({
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
    OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
    OPENAI_COMPATIBLE_MODEL: "bench-tokens",
    BENCH_PROBE_FILE: probeFile,
    // BENCH_SERVER_NODE_OPTIONS adds node options for the server (an --import of a profiler…).
    NODE_OPTIONS: `--import ${JSON.stringify(probePath)} ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ""}`,
  });
  const collected: RunData[] = [];
  try {
    const registry = (await (await fetch(`${server.url}/api/v1/agents/registry`)).json()) as {
      data: { name: string }[];
    };
    const agent = registry.data[0]?.name;
    if (!agent) throw new Error("no agent in the registry");
    // Warm-up, fast and paced: first requests pay for JIT and lazy imports.
    await streamOnce(await caller(server, agent), 500, "warmup");
    provider.takeSendTimes("warmup");
    await streamOnce(await caller(server, agent), 500, "warmup-paced", 1);
    provider.takeSendTimes("warmup-paced");
    for (let run = 0; run < runCount; run += 1) {
      collected.push(await oneRun(server, provider, agent, run));
    }
  } finally {
    await server.stop();
    await provider.close();
  }
  const probe = readProbe(probeFile);
  rmSync(probeFile, { force: true });
  const runs = collected.map((data, run) => figures(data, probe, run));
  writeSection("agents", report(runs), results(runs));
}

/** The results page's rows: the measures with a target. */
function results(runs: RunResult[]): Result[] {
  const pick = (key: keyof RunResult) => median(runs.map((r) => r[key]));
  const errors = Math.max(...runs.map((r) => r.concurrentErrors));
  const ownCore = runs.every((r) => !Number.isNaN(r.ownP99));
  return [
    {
      measure: "tokens/s, one stream",
      latest: pick("tokensPerSecond").toLocaleString("en-US", { maximumFractionDigits: 0 }),
      target: "≥ 20,000",
      met: pick("tokensPerSecond") >= 20_000,
    },
    {
      measure: "server time added per chunk, p99, sharing both cores with the bench",
      latest: ms(pick("serverP99")),
      target: "< 1 ms",
      met: pick("serverP99") < 1,
    },
    {
      measure: "server time added per chunk, p99, event loop alone on a core",
      latest: ownCore ? ms(pick("ownP99")) : "n/a (needs Linux, taskset and two cores)",
      target: "< 1 ms",
      ...(ownCore ? { met: pick("ownP99") < 1 } : {}),
    },
    {
      measure: `${concurrentStreams} concurrent streams: errors (worst run)`,
      latest: String(errors),
      target: "0",
      met: errors === 0,
    },
  ];
}

/** The docs/benchmarks.md section for these runs. */
function report(results: RunResult[]): string {
  const pick = (key: keyof RunResult) => median(results.map((r) => r[key]));
  const tokensPerSecond = pick("tokensPerSecond");
  const errors = Math.max(...results.map((r) => r.concurrentErrors));
  const ownCore = results.every((r) => !Number.isNaN(r.ownP99));
  const shortestToServer = Math.min(...results.map((r) => r.shortestToServer));
  const shortestToClient = Math.min(...results.map((r) => r.shortestToClient));
  const clockNote =
    shortestToServer >= 0 && shortestToClient >= 0
      ? `no hop takes less than nothing, and the shortest seen were ${ms(shortestToServer, 3)} (provider → server) and ${ms(shortestToClient, 3)} (server → client), so the two clocks agree to within ${ms(Math.max(shortestToServer, shortestToClient), 3)}`
      : `**the shortest hops seen were ${ms(shortestToServer, 3)} and ${ms(shortestToClient, 3)}: the two clocks disagree, so this split is not reliable**`;
  const perThousand = (key: "sharedSwitches" | "ownSwitches") =>
    ((pick(key) / pacedTokens) * 1000).toFixed(0);
  const ownRow = ownCore
    ? `${ms(pick("ownP50"))} / ${ms(pick("ownP99"))} | p99 < 1 ms | ${verdict(pick("ownP99") < 1)}`
    : "n/a (needs Linux, taskset and two cores) | p99 < 1 ms |";
  return `## Agent streaming (A2A)

The built server's default agent runs on the OpenAI-compatible provider (\`OPENAI_COMPATIBLE_BASE_URL\`,
model "auto"), pointed at a local fake that streams \`chat.completion.chunk\` events of one short
token each (\`t0 \`, \`t1 \`, …) as fast as it can write them, then \`[DONE]\`. The client is the
official @a2a-js/sdk v1.0 client (streaming send, JSON-RPC), in the bench process; each token
arrives as a \`working\` status update. Median of ${runCount} runs after two warm-up streams (fast
and paced); the fake provider and the client share one process, and the machine's two cores
with the server.

- **Tokens per second, one stream**: ${singleTokens.toLocaleString("en-US")} tokens, from the send to the
  final status.
- **Server time added per chunk** (the target's measure, model chunk in → bytes out): measured
  inside the server by a probe the bench loads into it (\`bench/agents-probe.mjs\`, loaded by
  nothing else), from the moment a chunk of the model's stream comes out of the server's
  \`fetch\` of the provider to the moment the server writes the SSE event carrying that token to
  the client's socket (\`ServerResponse.write\`). It covers all the server does in between (AI
  SDK, agent executor, the A2A SDK's event bus and task store, JSON-RPC, SSE framing, garbage
  collection) and the probe's own work; not the kernel's socket time nor the HTTP parsing of the
  chunk before \`fetch\` hands it on. ${pacedTokens.toLocaleString("en-US")} tokens with ~1 ms between them, so
  no backlog builds up. Measured on two streams per run: one with the server, the fake provider
  and the client sharing both cores (as the previous measure), one with the server's event loop
  (its main thread) alone on a core and its other threads, the fake provider and the client on
  the other (Linux \`taskset\`). Sharing, the OS took the server's event loop off the CPU for
  another runnable thread ${perThousand("sharedSwitches")} times per 1,000 tokens; alone on its core,
  ${perThousand("ownSwitches")} times.
- **End-to-end per chunk** (the previous measure, kept for comparison): the client's receipt of a
  token minus the moment the fake provider wrote it (same process, same clock), on the shared
  stream. It adds to the server's time both loopback hops, waking each process, and the client's
  parsing: provider → server took p50 ${ms(pick("toServerP50"))} / p99 ${ms(pick("toServerP99"))}, server → client
  p50 ${ms(pick("toClientP50"))} / p99 ${ms(pick("toClientP99"))} (the probe's times set against the bench's, both
  \`performance.timeOrigin + performance.now()\`; ${clockNote}). *Burst*: the tokens of the
  one-stream run, where the provider outruns the pipeline and the figure is mostly queueing.
- **Concurrent streams**: ${concurrentStreams} streams at once, each its own anonymous user and
  conversation, ${tokensPerConcurrentStream} tokens each; an error is a stream that failed, lost a
  token or did not end completed.

| measure | result | target | |
|---|---|---|---|
| tokens/s, one stream | ${tokensPerSecond.toLocaleString("en-US", { maximumFractionDigits: 0 })} | ≥ 20,000 | ${verdict(tokensPerSecond >= 20_000)} |
| server time added per chunk, p50 / p99, sharing both cores with the bench | ${ms(pick("serverP50"))} / ${ms(pick("serverP99"))} | p99 < 1 ms | ${verdict(pick("serverP99") < 1)} |
| server time added per chunk, p50 / p99, event loop alone on a core | ${ownRow} |
| end-to-end per chunk, paced, p50 / p99 (previous measure) | ${ms(pick("pacedP50"))} / ${ms(pick("pacedP99"))} | – | |
| end-to-end per chunk, burst, p50 / p99 | ${ms(pick("burstP50"), 1)} / ${ms(pick("burstP99"), 1)} | – | |
| ${concurrentStreams} concurrent streams: errors (worst run) / total time | ${errors} / ${ms(pick("concurrentMs"), 0)} | 0 errors | ${verdict(errors === 0)} |

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`;
}
