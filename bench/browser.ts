import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { CDPSession, Page } from "playwright-core";

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A number from the environment, else the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/**
 * tsx (esbuild keepNames) wraps named inner functions in `__name(...)`; functions handed to
 * page.evaluate carry those calls into the page, where this init script defines the helper.
 */
export const keepNamesShim = "globalThis.__name ??= (fn) => fn;";

/** Main-thread time counters of a page, in ms, from CDP Performance.getMetrics. */
export interface MainThreadTimes {
  task: number;
  /** TaskDuration in the main thread's own CPU time (threadTicks): what the page's work costs,
   * whatever else the machine's cores were doing meanwhile. */
  cpu: number;
  script: number;
  layout: number;
  style: number;
}

/** Sends one CDP command on a session bound to a page; resolves its result. */
// biome-ignore lint/suspicious/noExplicitAny: CDP results are untyped JSON
type SessionSend = (method: string, params?: Record<string, unknown>) => Promise<any>;

/** The page's renderer counters over CDP (Performance domain), read from Node. */
export class PageMetrics {
  private constructor(
    private readonly send: SessionSend,
    private readonly cpuSend: SessionSend,
    private readonly close: () => Promise<void>,
  ) {}

  /** Opens two CDP sessions on a Playwright page and enables the Performance domain in each. */
  static async attach(page: Page): Promise<PageMetrics> {
    const session: CDPSession = await page.context().newCDPSession(page);
    const cpuSession: CDPSession = await page.context().newCDPSession(page);
    const send =
      (s: CDPSession): SessionSend =>
      (method, params) =>
        // biome-ignore lint/suspicious/noExplicitAny: any CDP method, as a string
        s.send(method as any, params as any);
    return PageMetrics.enable(send(session), send(cpuSession), async () => {
      await session.detach();
      await cpuSession.detach();
    });
  }

  /** The same over two sessions the caller attached (e.g. over a CDP pipe, see cdp-pipe.ts). */
  static async enable(
    send: SessionSend,
    cpuSend: SessionSend,
    close: () => Promise<void> = async () => undefined,
  ): Promise<PageMetrics> {
    // Wall-clock durations (the default time domain), as a user would feel them.
    await send("Performance.enable");
    // The same counters in the main thread's CPU time, from a session of its own.
    await cpuSend("Performance.enable", { timeDomain: "threadTicks" });
    return new PageMetrics(send, cpuSend, close);
  }

  /** Cumulative main-thread times so far. */
  async times(): Promise<MainThreadTimes> {
    type Metrics = { metrics: { name: string; value: number }[] };
    const [wall, cpu]: [Metrics, Metrics] = await Promise.all([
      this.send("Performance.getMetrics"),
      this.cpuSend("Performance.getMetrics"),
    ]);
    const metrics = wall.metrics;
    const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      task: value("TaskDuration"),
      cpu: (cpu.metrics.find((m) => m.name === "TaskDuration")?.value ?? 0) * 1000,
      script: value("ScriptDuration"),
      layout: value("LayoutDuration"),
      style: value("RecalcStyleDuration"),
    };
  }

  async detach(): Promise<void> {
    await this.send("Performance.disable").catch(() => undefined);
    await this.cpuSend("Performance.disable").catch(() => undefined);
    await this.close();
  }
}

/** The difference of two readings. */
export function timesDelta(from: MainThreadTimes, to: MainThreadTimes): MainThreadTimes {
  return {
    task: to.task - from.task,
    cpu: to.cpu - from.cpu,
    script: to.script - from.script,
    layout: to.layout - from.layout,
    style: to.style - from.style,
  };
}

/** One reading of cumulative main-thread task time at a Node performance.now() moment. */
export interface BusySample {
  at: number;
  taskMs: number;
}

/**
 * Samples TaskDuration from Node every `intervalMs` (no script runs in the page for it), so the
 * main-thread time spent in any stretch of a run can be read afterwards.
 */
export class BusySampler {
  readonly samples: BusySample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly metrics: PageMetrics) {}

  /** Takes one sample now. */
  async sample(): Promise<void> {
    const before = performance.now();
    const { task } = await this.metrics.times();
    // The counter was read somewhere between the request and the answer.
    this.samples.push({ at: (before + performance.now()) / 2, taskMs: task });
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.pending = this.pending.then(() => this.sample());
    }, intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pending;
    await this.sample();
  }

  /** Cumulative task time at a moment, interpolated between the samples around it. */
  taskAt(at: number): number {
    const list = this.samples;
    if (list.length === 0) throw new Error("no samples");
    const first = list[0] as BusySample;
    if (at <= first.at) return first.taskMs;
    for (let i = 1; i < list.length; i++) {
      const b = list[i] as BusySample;
      if (b.at < at) continue;
      const a = list[i - 1] as BusySample;
      return a.taskMs + ((b.taskMs - a.taskMs) * (at - a.at)) / Math.max(1e-9, b.at - a.at);
    }
    return (list.at(-1) as BusySample).taskMs;
  }

  /** Main-thread task time between two moments. */
  busyBetween(from: number, to: number): number {
    return this.taskAt(to) - this.taskAt(from);
  }
}

/** Measures the page's idle main-thread rate (ms busy per ms) over `ms`. */
export async function idleRate(metrics: PageMetrics, ms: number): Promise<number> {
  const start = await metrics.times();
  const from = performance.now();
  await sleep(ms);
  const end = await metrics.times();
  return (end.task - start.task) / (performance.now() - from);
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
};

/** A static file server for a built page (index.html at /). */
export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** Serves the files of `dir` on a free loopback port. */
export async function serveDirectory(dir: string): Promise<StaticSite> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const file = join(dir, normalize(path === "/" ? "/index.html" : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** ms with a fixed number of decimals. */
export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

/** The verdict column of a report table. */
export const verdict = (met: boolean) => (met ? "met" : "**not met**");
