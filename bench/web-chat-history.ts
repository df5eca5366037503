import type { Browser, BrowserContext, Page } from "playwright-core";
import { keepNamesShim, PageMetrics, sleep, timesDelta } from "./browser.js";
import type { SeededConversation } from "./web-chat-seed.js";

/** Long tasks as a PerformanceObserver saw them (page clock). */
interface LongTask {
  start: number;
  duration: number;
}

interface OpenState {
  t0: number;
  visible: number;
  painted: number;
  /** Every change of the virtual list's total height (it changes when messages are merged). */
  heights: { at: number; height: string }[];
  /** When each history request's response ended (Resource Timing). */
  pages: number[];
}

declare global {
  interface Window {
    __benchLongTasks: LongTask[];
    __benchOpen: OpenState;
  }
}

/** Collects every long task of the page from its start (installed before any page script). */
function observeLongTasks(): void {
  window.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "longtask", buffered: true });
}

/**
 * Watches the thread from the click on a conversation: when the newest message is in view (and
 * the frame after), every change of the list's total height, and when history responses ended.
 */
function watchOpening([newest, contextId]: [string, string]): void {
  const state: OpenState = { t0: 0, visible: 0, painted: 0, heights: [], pages: [] };
  window.__benchOpen = state;
  document.addEventListener(
    "click",
    (event) => {
      if (state.t0 === 0 && event.target instanceof Element) {
        if (event.target.closest("[data-conversation-item]")) state.t0 = event.timeStamp;
      }
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes(`/contexts/${contextId}/tasks?order=created`)) {
        state.pages.push((entry as PerformanceResourceTiming).responseEnd);
      }
    }
  }).observe({ type: "resource" });
  let lastHeight = "";
  const check = () => {
    if (state.t0 === 0) return;
    const log = document.querySelector('[role="log"][aria-label="Messages"]');
    if (!log) return;
    const height = (log.firstElementChild as HTMLElement | null)?.style.height ?? "";
    if (height !== lastHeight) {
      lastHeight = height;
      state.heights.push({ at: performance.now(), height });
    }
    if (state.visible !== 0 || !log.textContent?.includes(newest)) return;
    let max = -1;
    let lastRow: Element | undefined;
    for (const row of log.querySelectorAll("[data-index]")) {
      const index = Number(row.getAttribute("data-index"));
      if (index > max) {
        max = index;
        lastRow = row;
      }
    }
    if (!lastRow) return;
    const row = lastRow.getBoundingClientRect();
    const view = log.getBoundingClientRect();
    if (row.bottom <= view.top || row.top >= view.bottom) return;
    state.visible = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.painted = performance.now();
      }, 0),
    );
  };
  new MutationObserver(check).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["style"],
  });
}

/** One opening and scroll of the long conversation in a fresh tab. */
export interface HistoryRunResult {
  /** Click to the newest message in view (DOM) and to the frame after it. */
  visibleMs: number;
  paintedMs: number;
  /** Click to the commit that merged the last page of older history. */
  allLoadedMs: number;
  /** Tasks the history responses held. */
  tasksLoaded: number;
  /** Whether the newest message was still in view after the older pages merged. */
  staysAtNewest: boolean;
  openLongTasks: LongTask[];
  scroll: {
    ms: number;
    steps: number;
    longTasks: LongTask[];
    taskMs: number;
    scriptMs: number;
    layoutMs: number;
    styleMs: number;
  };
}

/** Scroll options: pixels per wheel step and the pause between steps. */
export interface ScrollOptions {
  step: number;
  intervalMs: number;
}

async function scrollPosition(page: Page): Promise<{ top: number; bottomGap: number }> {
  return page.evaluate(() => {
    const log = document.querySelector('[role="log"][aria-label="Messages"]');
    if (!log) throw new Error("no message list");
    return { top: log.scrollTop, bottomGap: log.scrollHeight - log.scrollTop - log.clientHeight };
  });
}

/** Puts the list at its end (not measured): set, let rows measure, repeat until it stays. */
async function scrollToBottom(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.evaluate(() => {
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      if (log) log.scrollTop = log.scrollHeight;
    });
    await sleep(300);
    if ((await scrollPosition(page)).bottomGap <= 2) return;
  }
  throw new Error("the message list does not stay at its end");
}

/** Wheels in one direction until the list reaches its end (checked every few steps). */
async function wheelToEnd(page: Page, delta: number, options: ScrollOptions): Promise<number> {
  let steps = 0;
  let atEnd = 0;
  while (atEnd < 2 && steps < 20_000) {
    await page.mouse.wheel(0, delta);
    steps++;
    await sleep(options.intervalMs);
    if (steps % 10 !== 0) continue;
    const position = await scrollPosition(page);
    const reached = delta < 0 ? position.top <= 0 : position.bottomGap <= 2;
    atEnd = reached ? atEnd + 1 : 0;
  }
  return steps;
}

/** Which responses are history pages of the conversation, and how many tasks they held. */
function watchHistoryPages(page: Page, contextId: string, firstLimit: number, pageSize: number) {
  const state = { done: false, tasks: 0 };
  page.on("response", (response) => {
    const url = response.url();
    if (!url.includes(`/contexts/${contextId}/tasks?`)) return;
    const match = /order=created&limit=(\d+)/.exec(url);
    if (!match) return;
    const limit = Number(match[1]);
    void response
      .json()
      .then((body: unknown) => {
        const count = Array.isArray(body) ? body.length : 0;
        state.tasks += count;
        if (
          (limit === firstLimit && count < firstLimit) ||
          (limit === pageSize && count < pageSize)
        )
          state.done = true;
      })
      .catch(() => undefined);
  });
  return state;
}

/** Opens the app in a fresh tab of the same session, switches to the long conversation, scrolls. */
export async function historyRun(
  browser: Browser,
  storage: Awaited<ReturnType<BrowserContext["storageState"]>>,
  url: string,
  seeded: SeededConversation,
  scroll: ScrollOptions,
): Promise<HistoryRunResult> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: storage,
  });
  try {
    await context.addInitScript({ content: keepNamesShim });
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    const pages = watchHistoryPages(page, seeded.contextId, 100, 500);
    await page.goto(`${url}/chat`);
    await page.locator('[data-stream-status="connected"]').waitFor();
    await page.getByRole("button", { name: /^Conversation: (?!Loading)/ }).click();
    const item = page.getByRole("button", { name: seeded.name, exact: true });
    await item.waitFor();
    await sleep(1000);
    await page.evaluate(watchOpening, [seeded.newestText, seeded.contextId] as [string, string]);
    await item.click();
    await page.waitForFunction(() => window.__benchOpen.painted > 0, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    const deadline = performance.now() + 120_000;
    while (!pages.done && pages.tasks < seeded.tasks && performance.now() < deadline) {
      await sleep(200);
    }
    await sleep(1500);
    const open = await page.evaluate(() => window.__benchOpen);
    // The merge of the last page is the first height change after its response ended.
    const lastPage = Math.max(open.t0, ...open.pages);
    const merged = open.heights.find((h) => h.at >= lastPage)?.at ?? lastPage;
    const openLongTasks = await page.evaluate(
      (from) => window.__benchLongTasks.filter((t) => t.start >= from),
      open.t0,
    );
    const staysAtNewest = await page.evaluate(
      (text) =>
        document
          .querySelector('[role="log"][aria-label="Messages"]')
          ?.textContent?.includes(text) === true,
      seeded.newestText,
    );
    await scrollToBottom(page);

    const box = await page.locator('[role="log"][aria-label="Messages"]').boundingBox();
    if (!box) throw new Error("the message list is not visible");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const metrics = await PageMetrics.attach(page);
    const before = await metrics.times();
    const from = await page.evaluate(() => performance.now());
    const started = performance.now();
    const steps =
      (await wheelToEnd(page, -scroll.step, scroll)) +
      (await wheelToEnd(page, scroll.step, scroll));
    const to = await page.evaluate(() => performance.now());
    const used = timesDelta(before, await metrics.times());
    const scrollMs = performance.now() - started;
    const longTasks = await page.evaluate(
      ([a, b]) => window.__benchLongTasks.filter((t) => t.start >= a && t.start <= b),
      [from, to] as const,
    );
    await metrics.detach();
    return {
      visibleMs: open.visible - open.t0,
      paintedMs: open.painted - open.t0,
      allLoadedMs: merged - open.t0,
      tasksLoaded: pages.tasks,
      staysAtNewest,
      openLongTasks,
      scroll: {
        ms: scrollMs,
        steps,
        longTasks,
        taskMs: used.task,
        scriptMs: used.script,
        layoutMs: used.layout,
        styleMs: used.style,
      },
    };
  } finally {
    await context.close();
  }
}
