import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { chromiumFlags, chromiumPath } from "../e2e/harness/browser.js";
import { PageMetrics, sleep } from "./browser.js";

/** Sends one CDP command (to the browser, or to an attached session) and resolves its result. */
export type CdpSend = (
  method: string,
  params?: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: CDP results are untyped JSON
) => Promise<any>;

// biome-ignore lint/suspicious/noExplicitAny: CDP messages are untyped JSON
type CdpMessage = { id?: number; method?: string; params?: any; result?: any; error?: any };

/**
 * A DevTools protocol connection over Chromium's --remote-debugging-pipe (fd 3 in, fd 4 out;
 * messages end with a NUL byte). Only the domains a caller enables are on: unlike Playwright,
 * which enables the Network domain on every page and worker, and so makes the renderer's main
 * thread handle a transfer-size notice for every read of every response body.
 */
export class CdpPipe {
  private nextId = 1;
  private readonly pending = new Map<number, (message: CdpMessage) => void>();
  private readonly listeners = new Set<(message: CdpMessage) => void>();
  private buffered = "";

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => {
      this.buffered += chunk;
      for (let end = this.buffered.indexOf("\0"); end >= 0; end = this.buffered.indexOf("\0")) {
        const message = JSON.parse(this.buffered.slice(0, end)) as CdpMessage;
        this.buffered = this.buffered.slice(end + 1);
        const answer = message.id === undefined ? undefined : this.pending.get(message.id);
        if (answer && message.id !== undefined) {
          this.pending.delete(message.id);
          answer(message);
        } else for (const listener of this.listeners) listener(message);
      }
    });
  }

  /** A command to the browser itself (no session). */
  readonly send: CdpSend = (method, params = {}) => this.sendTo(undefined, method, params);

  /** A sender bound to one attached session. */
  session(sessionId: string): CdpSend {
    return (method, params = {}) => this.sendTo(sessionId, method, params);
  }

  /** Calls `listener` with every event (messages that answer no command) until it is removed. */
  onEvent(listener: (message: CdpMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private sendTo(sessionId: string | undefined, method: string, params: object) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result),
      );
      this.input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }
}

/** Headless Chromium reachable over a pipe (measuring) and a port (Playwright, for set-up). */
export interface PipedChromium {
  /** For `chromium.connectOverCDP`: set-up steps use Playwright, then disconnect. */
  wsEndpoint: string;
  cdp: CdpPipe;
  close(): Promise<void>;
}

/** Launches Debian's Chromium with the e2e harness's flags and both debugging transports. */
export async function launchPipedChromium(): Promise<PipedChromium> {
  const profile = mkdtempSync(join(tmpdir(), "a2a-bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      "--headless",
      ...chromiumFlags,
      "--window-size=1280,800",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--remote-debugging-pipe",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
  );
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let said = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(said);
      if (found?.[1]) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${said}`)));
  });
  const cdp = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  return {
    wsEndpoint,
    cdp,
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await cdp.send("Browser.close").catch(() => child.kill());
      await Promise.race([exited, sleep(5000)]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One page driven over the pipe: script evaluation and clicks by CSS selector, nothing more. */
export class CdpPage {
  private constructor(
    readonly cdp: CdpPipe,
    readonly targetId: string,
    readonly send: CdpSend,
  ) {}

  /** Attaches a session to a page target (e.g. one Playwright opened and then left). */
  static async attach(cdp: CdpPipe, targetId: string): Promise<CdpPage> {
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
    return new CdpPage(cdp, targetId, cdp.session(sessionId));
  }

  /** The page's main-thread counters, over two sessions of their own (wall-clock and CPU time). */
  async metrics(): Promise<PageMetrics> {
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { sessionId } = await this.cdp.send("Target.attachToTarget", {
        targetId: this.targetId,
        flatten: true,
      });
      sessions.push(sessionId);
    }
    const [wall, cpu] = sessions as [string, string];
    return PageMetrics.enable(this.cdp.session(wall), this.cdp.session(cpu), async () => {
      for (const sessionId of sessions)
        await this.cdp.send("Target.detachFromTarget", { sessionId });
    });
  }

  /** Opens a new page at `url` and waits for its load event. */
  static async open(cdp: CdpPipe, url: string): Promise<CdpPage> {
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const page = await CdpPage.attach(cdp, targetId);
    await page.send("Page.enable");
    const loaded = new Promise<void>((resolve) => {
      const stop = cdp.onEvent((message) => {
        if (message.method !== "Page.loadEventFired") return;
        stop();
        resolve();
      });
    });
    await page.send("Page.navigate", { url });
    await loaded;
    await page.send("Page.disable");
    return page;
  }

  /** The value of an expression in the page (awaited if it is a promise). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (answer.exceptionDetails) {
      throw new Error(
        `in the page: ${answer.exceptionDetails.exception?.description ?? expression}`,
      );
    }
    return answer.result.value as T;
  }

  /** Polls an expression from Node (no script keeps running in the page) until it is truthy. */
  async waitFor(expression: string, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  /** Clicks the first element matching a CSS selector (it must exist). */
  async click(selector: string): Promise<void> {
    const found = await this.evaluate<boolean>(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return false; el.click(); return true; })()`,
    );
    if (!found) throw new Error(`nothing matches ${selector}`);
  }

  /** Sets a React-controlled text field's value as typing would (the input event React reads). */
  async fill(selector: string, text: string): Promise<void> {
    const found = await this.evaluate<boolean>(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) return false;
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, "value").set.call(el, ${JSON.stringify(text)});
      el.dispatchEvent(new Event("input", { bubbles: true }));
      return true;
    })()`);
    if (!found) throw new Error(`nothing matches ${selector}`);
  }

  /** An attribute of the first element matching a selector (null when absent). */
  attribute(selector: string, name: string): Promise<string | null> {
    return this.evaluate<string | null>(
      `document.querySelector(${JSON.stringify(selector)})?.getAttribute(${JSON.stringify(name)}) ?? null`,
    );
  }

  async close(): Promise<void> {
    await this.send("Page.close").catch(() => undefined);
  }
}

/** Records a trace of the whole browser over the pipe; resolves its events when stopped. */
export async function traceBrowser(
  cdp: CdpPipe,
  categories: string[],
): Promise<() => Promise<object[]>> {
  const events: object[] = [];
  let complete: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => {
    complete = resolve;
  });
  const stop = cdp.onEvent((message) => {
    if (message.method === "Tracing.dataCollected") events.push(...message.params.value);
    if (message.method === "Tracing.tracingComplete") complete();
  });
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: categories },
    transferMode: "ReportEvents",
  });
  return async () => {
    await cdp.send("Tracing.end");
    await completed;
    stop();
    return events;
  };
}
