import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import { a2aClient, textMessage } from "../apps/server/src/test/a2a.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { type E2eServer, startBuiltServer } from "../e2e/harness/server.js";
import { machineLine, median, writeSection } from "./report.js";

const runs = Number(process.env.BENCH_RUNS ?? 3);
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Receipt minus write time of every token of a stream, sorted. */
function addedPerChunk(outcome: StreamOutcome, sent: number[] | undefined): number[] {
  if (!sent) throw new Error("the fake provider saw no request for this stream");
  const added: number[] = [];
  for (const [index, at] of outcome.received) {
    const wrote = sent[index];
    if (wrote !== undefined) added.push(at - wrote);
  }
  return added.sort((a, b) => a - b);
}

interface RunResult {
  tokensPerSecond: number;
  burstP50: number;
  burstP99: number;
  pacedP50: number;
  pacedP99: number;
  concurrentErrors: number;
  concurrentMs: number;
}

async function oneRun(server: E2eServer, provider: FakeTokenProvider, agent: string, run: number) {
  // One stream, tokens as fast as the provider can write them.
  const single = await caller(server, agent);
  const burst = await streamOnce(single, singleTokens, `burst-${run}`);
  if (burst.tokens !== singleTokens || burst.state !== TaskState.TASK_STATE_COMPLETED) {
    throw new Error(
      `single stream got ${burst.tokens}/${singleTokens} tokens, state ${burst.state}`,
    );
  }
  const burstAdded = addedPerChunk(burst, provider.takeSendTimes(`burst-${run}`));

  // Per-chunk latency without a backlog: the provider pauses ~1 ms between tokens.
  const paced = await streamOnce(await caller(server, agent), pacedTokens, `paced-${run}`, 1);
  const pacedAdded = addedPerChunk(paced, provider.takeSendTimes(`paced-${run}`));

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

  const result: RunResult = {
    tokensPerSecond: singleTokens / (burst.ms / 1000),
    burstP50: percentile(burstAdded, 50),
    burstP99: percentile(burstAdded, 99),
    pacedP50: percentile(pacedAdded, 50),
    pacedP99: percentile(pacedAdded, 99),
    concurrentErrors,
    concurrentMs,
  };
  console.log(
    `agents run ${run + 1}: ${result.tokensPerSecond.toFixed(0)} tokens/s; added per chunk paced p50 ${result.pacedP50.toFixed(2)} ms p99 ${result.pacedP99.toFixed(2)} ms, burst p50 ${result.burstP50.toFixed(1)} ms p99 ${result.burstP99.toFixed(1)} ms; ${concurrentStreams} streams ${concurrentMs.toFixed(0)} ms, ${concurrentErrors} errors`,
  );
  return result;
}

const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
const verdict = (met: boolean) => (met ? "met" : "**not met**");

/** Agent streaming over A2A: tokens/s on one stream, time added per chunk, 100 concurrent streams. */
export async function agentsBench(): Promise<void> {
  const provider = await startFakeTokenProvider();
  const server = await startBuiltServer({
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
    OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
    OPENAI_COMPATIBLE_MODEL: "bench-tokens",
  });
  const results: RunResult[] = [];
  try {
    const registry = (await (await fetch(`${server.url}/api/v1/agents/registry`)).json()) as {
      data: { name: string }[];
    };
    const agent = registry.data[0]?.name;
    if (!agent) throw new Error("no agent in the registry");
    // Warm-up: first requests pay for JIT and lazy imports.
    await streamOnce(await caller(server, agent), 500, "warmup");
    provider.takeSendTimes("warmup");
    for (let run = 0; run < runs; run += 1) {
      results.push(await oneRun(server, provider, agent, run));
    }
  } finally {
    await server.stop();
    await provider.close();
  }

  const pick = (key: keyof RunResult) => median(results.map((r) => r[key]));
  const tokensPerSecond = pick("tokensPerSecond");
  const pacedP99 = pick("pacedP99");
  const errors = Math.max(...results.map((r) => r.concurrentErrors));
  writeSection(
    "agents",
    `## Agent streaming (A2A)

The built server's default agent runs on the OpenAI-compatible provider (\`OPENAI_COMPATIBLE_BASE_URL\`,
model "auto"), pointed at a local fake that streams \`chat.completion.chunk\` events of one short
token each (\`t0 \`, \`t1 \`, …) as fast as it can write them, then \`[DONE]\`. The client is the
official @a2a-js/sdk v1.0 client (streaming send, JSON-RPC), in the bench process; each token
arrives as a \`working\` status update. Median of ${runs} runs after a warm-up stream; the fake
provider, the client and the server share the machine.

- **Tokens per second, one stream**: ${singleTokens.toLocaleString("en-US")} tokens, from the send to the
  final status.
- **Added per chunk**: client receipt of a token minus the moment the fake provider wrote it (same
  process, same clock), so it covers provider → server (AI SDK parse) → executor → SDK event bus →
  JSON-RPC SSE → client parse. *Paced*: ${pacedTokens.toLocaleString("en-US")} tokens with ~1 ms between them,
  so no backlog builds up. *Burst*: the tokens of the one-stream run, where the provider outruns the
  pipeline and the figure is mostly queueing.
- **Concurrent streams**: ${concurrentStreams} streams at once, each its own anonymous user and
  conversation, ${tokensPerConcurrentStream} tokens each; an error is a stream that failed, lost a
  token or did not end completed.

| measure | result | target | |
|---|---|---|---|
| tokens/s, one stream | ${tokensPerSecond.toLocaleString("en-US", { maximumFractionDigits: 0 })} | ≥ 20,000 | ${verdict(tokensPerSecond >= 20_000)} |
| added per chunk, paced, p50 / p99 | ${ms(pick("pacedP50"))} / ${ms(pacedP99)} | p99 < 1 ms | ${verdict(pacedP99 < 1)} |
| added per chunk, burst, p50 / p99 | ${ms(pick("burstP50"), 1)} / ${ms(pick("burstP99"), 1)} | – | |
| ${concurrentStreams} concurrent streams: errors (worst run) / total time | ${errors} / ${ms(pick("concurrentMs"), 0)} | 0 errors | ${verdict(errors === 0)} |

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
  );
}
