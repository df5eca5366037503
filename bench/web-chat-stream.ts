import type { FakeTokenProvider } from "../e2e/harness/fake-model.js";
import { BusySampler, type PageMetrics, sleep, timesDelta } from "./browser.js";
import { type CdpPage, type CdpPipe, traceBrowser } from "./cdp-pipe.js";

/** One streamed reply: its tokens and the main-thread time the page spent on them. */
export interface StreamRunResult {
  tokens: number;
  /** From the first token written by the fake provider to the last. */
  streamMs: number;
  /** Idle main-thread rate before the send (ms per ms), subtracted below. */
  idleRate: number;
  /** Main-thread time from the send to the reply's final render, less idle. */
  busyMs: number;
  /** busyMs / tokens. */
  perTokenMs: number;
  /** The same in the main thread's CPU time (threadTicks), less its idle rate. */
  cpuPerTokenMs: number;
  /** Per-token time in each fifth of the stream (by token index), less idle. */
  fifthsMs: number[];
  /** Per token: script, layout and style-recalculation time (CDP counters, not less idle). */
  breakdownMs: { script: number; layout: number; style: number };
  /** Main-thread time after the last token until the reply settled (final render), less idle. */
  finishMs: number;
}

/** Options of one streamed reply. */
export interface StreamOptions {
  paragraphs: number;
  gapMs: number;
  tag: string;
  sampleMs: number;
}

async function poll<T>(read: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const composer = 'textarea[aria-label="Message"]';
const messageLog = '[role="log"][aria-label="Messages"]';

/** Opens a new, empty conversation from the header's menu. */
export async function newConversation(page: CdpPage): Promise<void> {
  const trigger = 'button[aria-label^="Conversation: "]';
  const before = await page.attribute(trigger, "aria-label");
  await page.click(trigger);
  const item = "button[data-new-conversation]";
  await page.waitFor(
    `document.querySelector(${JSON.stringify(item)})`,
    "the menu's New Conversation",
  );
  await page.click(item);
  await page.waitFor(
    `document.querySelector(${JSON.stringify(trigger)})?.getAttribute("aria-label") !== ${JSON.stringify(before)}`,
    "the new conversation",
  );
  await page.waitFor(`document.querySelector(${JSON.stringify(composer)})`, "the composer");
}

/** The prompt that makes the fake model stream a markdown document. */
function prompt({ paragraphs, gapMs, tag }: StreamOptions): string {
  return `markdown:${paragraphs} gapMs:${gapMs} tag:${tag}`;
}

/** Sends the prompt and resolves once every token was written and the reply stopped streaming. */
async function sendAndFinish(
  page: CdpPage,
  provider: FakeTokenProvider,
  options: StreamOptions,
): Promise<number[]> {
  await page.click('button[aria-label="Send message"]');
  const times = await poll(() => provider.takeSendTimes(options.tag), 30_000, "the model call");
  // The provider fills the array in place as it writes each token.
  await poll(
    () => (times[times.length - 1] === undefined ? undefined : true),
    times.length * (options.gapMs + 5) + 60_000,
    "the last token",
  );
  // Checked from Node a few times a second: no script polls in the page while tokens arrive.
  const deadline = performance.now() + 30_000;
  while ((await page.attribute(messageLog, "aria-busy")) !== "false") {
    if (performance.now() > deadline) throw new Error("the reply never stopped streaming");
    await sleep(250);
  }
  return times as number[];
}

/**
 * Streams one markdown reply into a new conversation and reads the page's main-thread time from
 * CDP counters sampled from Node: total, per token, per fifth of the stream and after it.
 */
export async function streamRun(
  page: CdpPage,
  metrics: PageMetrics,
  provider: FakeTokenProvider,
  options: StreamOptions,
): Promise<StreamRunResult> {
  await newConversation(page);
  await page.fill(composer, prompt(options));
  const sampler = new BusySampler(metrics);
  await sleep(500);
  // The idle rate is the lower of two one-second windows: a one-off task in one of them (a
  // collection, a timer of the app) would otherwise be taken as the page's background rate and
  // subtracted over the whole reply (it once took a run to a third of its neighbours').
  const windows: { rate: number; cpuRate: number }[] = [];
  for (let w = 0; w < 2; w += 1) {
    await sampler.sample();
    const from = sampler.samples.at(-1)?.at ?? 0;
    const cpuFrom = (await metrics.times()).cpu;
    await sleep(1000);
    await sampler.sample();
    const to = sampler.samples.at(-1)?.at ?? 0;
    windows.push({
      rate: sampler.busyBetween(from, to) / Math.max(1, to - from),
      cpuRate: ((await metrics.times()).cpu - cpuFrom) / Math.max(1, to - from),
    });
  }
  const idleRate = Math.min(...windows.map((w) => w.rate));
  const idleCpuRate = Math.min(...windows.map((w) => w.cpuRate));

  sampler.start(options.sampleMs);
  const counters = await metrics.times();
  const sentAt = performance.now();
  const times = await sendAndFinish(page, provider, options);
  await sleep(300);
  const endAt = performance.now();
  await sampler.stop();
  const used = timesDelta(counters, await metrics.times());

  const n = times.length;
  const net = (from: number, to: number) => sampler.busyBetween(from, to) - idleRate * (to - from);
  const first = times[0] as number;
  const last = times[n - 1] as number;
  const busyMs = net(sentAt, endAt);
  const fifthsMs = [0, 1, 2, 3, 4].map((k) => {
    const a = Math.floor((k * n) / 5);
    const b = Math.floor(((k + 1) * n) / 5);
    const to = k === 4 ? last : (times[b] as number);
    return net(times[a] as number, to) / Math.max(1, b - a);
  });
  return {
    tokens: n,
    streamMs: last - first,
    idleRate,
    busyMs,
    perTokenMs: busyMs / n,
    cpuPerTokenMs: (used.cpu - idleCpuRate * (endAt - sentAt)) / n,
    fifthsMs,
    breakdownMs: { script: used.script / n, layout: used.layout / n, style: used.style / n },
    finishMs: net(last, endAt),
  };
}

/** Stream runs of one page: a short warm-up reply, then `runs` replies at each gap. */
export async function streamRuns(
  page: CdpPage,
  metrics: PageMetrics,
  provider: FakeTokenProvider,
  settings: {
    runs: number;
    paragraphs: number;
    gaps: { gapMs: number; sampleMs: number }[];
    label?: string;
  },
): Promise<Map<number, StreamRunResult[]>> {
  const { runs, paragraphs, gaps, label = "stream" } = settings;
  // The fake model reads the tag up to the first space.
  const slug = label.replace(/\W+/g, "-");
  // The first reply of a page pays for loading code and warming up: not measured.
  await streamRun(page, metrics, provider, {
    paragraphs: 3,
    gapMs: 16,
    tag: `warm-${slug}`,
    sampleMs: 500,
  });
  const results = new Map<number, StreamRunResult[]>();
  for (const { gapMs, sampleMs } of gaps) {
    const list: StreamRunResult[] = [];
    for (let run = 0; run < runs; run++) {
      const tag = `md-${slug}-${gapMs}-${run}`;
      const r = await streamRun(page, metrics, provider, { paragraphs, gapMs, tag, sampleMs });
      list.push(r);
      console.log(
        `web-chat ${label} gap ${gapMs} ms run ${run + 1}/${runs}: ${r.tokens} tokens in ${r.streamMs.toFixed(0)} ms, ${r.perTokenMs.toFixed(3)} ms/token, fifths ${r.fifthsMs.map((f) => f.toFixed(3)).join(" ")}, finish ${r.finishMs.toFixed(1)} ms, idle ${(r.idleRate * 100).toFixed(2)}%`,
      );
    }
    results.set(gapMs, list);
  }
  return results;
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * A trace's complete events on each renderer main thread (by "pid:tid"), those `keep` accepts.
 */
export function rendererMainEvents<E extends TraceEvent>(
  events: E[],
  keep: (event: E) => boolean = () => true,
): Map<string, E[]> {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, E[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || !mainThreads.has(key) || !keep(e)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  return byThread;
}

/** The chat server's settings in the web-chat benches: limits off, the fake token provider. */
export function webChatServerEnv(providerUrl: string): Record<string, string> {
  return {
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
    OPENAI_COMPATIBLE_BASE_URL: providerUrl,
    OPENAI_COMPATIBLE_MODEL: "bench-web",
  };
}

/** Sum of top-level RunTask durations (ms) on the busiest renderer main thread of a trace. */
function rendererTaskMs(events: TraceEvent[]): number {
  const byThread = rendererMainEvents(events, (e) => e.name === "RunTask");
  let best = 0;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    let total = 0;
    let end = -1;
    for (const e of list) {
      if (e.ts < end) continue; // nested in the previous task
      total += e.dur ?? 0;
      end = e.ts + (e.dur ?? 0);
    }
    best = Math.max(best, total / 1000);
  }
  return best;
}

/** A streamed reply measured by both CDP counters and a CDP trace, to check one against the other. */
export interface TraceCheck {
  tokens: number;
  metricsMs: number;
  traceMs: number;
}

/** Streams one (shorter) reply while Chromium records a trace; compares the two busy times. */
export async function traceCrossCheck(
  browser: CdpPipe,
  page: CdpPage,
  metrics: PageMetrics,
  provider: FakeTokenProvider,
  options: StreamOptions,
): Promise<TraceCheck> {
  await newConversation(page);
  await page.fill(composer, prompt(options));
  await sleep(500);
  const stopTracing = await traceBrowser(browser, [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
  ]);
  const before = await metrics.times();
  const times = await sendAndFinish(page, provider, options);
  await sleep(300);
  const after = await metrics.times();
  const traceEvents = (await stopTracing()) as TraceEvent[];
  return {
    tokens: times.length,
    metricsMs: after.task - before.task,
    traceMs: rendererTaskMs(traceEvents),
  };
}
