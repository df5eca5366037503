import { type Browser, chromium, type Page } from "playwright-core";
import { startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "../e2e/harness/passkeys.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { envNumber, ms } from "./browser.js";
import { CdpPage, launchPipedChromium } from "./cdp-pipe.js";
import { writeSection } from "./report.js";
import { measureChatBundle } from "./web-chat-bundle.js";
import { buildNoDrawingCopy, measureFloors } from "./web-chat-floors.js";
import { historyRun } from "./web-chat-history.js";
import { type ChatBenchResults, chatReport, kb } from "./web-chat-report.js";
import { chatResults } from "./web-chat-results.js";
import { seedConversation } from "./web-chat-seed.js";
import { streamRuns, traceCrossCheck, webChatServerEnv } from "./web-chat-stream.js";

const runs = envNumber("BENCH_RUNS", 3);
const paragraphs = envNumber("BENCH_CHAT_PARAGRAPHS", 50);
const messageCount = envNumber("BENCH_CHAT_MESSAGES", 5000);
const seedConcurrency = envNumber("BENCH_SEED_CONCURRENCY", 8);
const sampleMs = envNumber("BENCH_SAMPLE_MS", 500);
const scroll = {
  step: envNumber("BENCH_SCROLL_STEP", 1000),
  intervalMs: envNumber("BENCH_SCROLL_INTERVAL_MS", 16),
};
/** Comma-separated subset of bundle,stream,history (all by default), for development runs. */
const parts = new Set((process.env.BENCH_CHAT_PARTS ?? "bundle,stream,history").split(","));
/** Gaps between tokens: about one per frame, and faster than frames (batched by the app). */
const gaps = [
  { gapMs: 16, sampleMs },
  { gapMs: 2, sampleMs: Math.min(sampleMs, 200) },
];

/** The CDP target id of a Playwright page (to reach it over the pipe once Playwright leaves). */
async function targetOf(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = await session.send("Target.getTargetInfo");
  await session.detach();
  return targetInfo.targetId;
}

/** A page's local storage as name/value pairs. */
function localStorageOf(page: Page): Promise<{ name: string; value: string }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name) ?? "" })),
  );
}

/** The chat in headless Chromium: script budget, streaming cost, a 5,000-message conversation. */
export async function webChatBench(): Promise<void> {
  const started = performance.now();
  const provider = await startFakeTokenProvider();
  const serverEnv = webChatServerEnv(provider.baseUrl);
  const server = await startBuiltServer(serverEnv);
  // Set-up steps (sign-up, the history runs) use Playwright; the streamed replies are measured
  // with Playwright disconnected, over a CDP pipe with only the Performance domain on (see
  // cdp-pipe.ts: Playwright's Network domain adds work per network read to the main thread).
  const chrome = await launchPipedChromium();
  let browser: Browser = await chromium.connectOverCDP(chrome.wsEndpoint);
  const results: ChatBenchResults = {
    streams: new Map(),
    control: new Map(),
    history: [],
    seconds: {},
  };
  const lap = (name: string, from: number) => {
    results.seconds[name] = (performance.now() - from) / 1000;
  };
  try {
    // The default context: its pages stay open when Playwright disconnects (window 1280×800).
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    let page: Page = await context.newPage();
    let from = performance.now();
    // The first visit always happens (it creates the session); its scripts are the bundle figure.
    // On localhost (passkeys refuse bare IPs): the conversations menu the runs use is for
    // signed-in users, so the page signs up once its first visit is measured.
    const url = passkeyUrl(server.url);
    const bundle = await measureChatBundle(page, url);
    if (parts.has("bundle")) results.bundle = bundle;
    lap("bundle", from);
    console.log(`web-chat: /chat loaded ${kb(bundle.totalGzip)} gzip of script`);
    await virtualAuthenticator(context, page);
    await signUp(page, { username: "bench", email: "bench@example.com" });

    if (parts.has("stream")) {
      from = performance.now();
      await page.locator('[data-stream-status="connected"]').waitFor();
      const chatPage = await CdpPage.attach(chrome.cdp, await targetOf(page));
      await browser.close(); // disconnects Playwright; the page stays
      const metrics = await chatPage.metrics();
      results.streams = await streamRuns(chatPage, metrics, provider, { runs, paragraphs, gaps });
      if (process.env.BENCH_TRACE !== "0") {
        const options = { paragraphs: 10, gapMs: 16, tag: "trace", sampleMs };
        results.trace = await traceCrossCheck(chrome.cdp, chatPage, metrics, provider, options);
        console.log(`web-chat trace check: ${JSON.stringify(results.trace)}`);
      }
      await metrics.detach();
      lap("stream", from);

      // The same runs against a copy of the app that draws nothing mid-reply: receiving alone.
      from = performance.now();
      const control = await startBuiltServer({ ...serverEnv, WEB_DIR: buildNoDrawingCopy() });
      try {
        browser = await chromium.connectOverCDP(chrome.wsEndpoint);
        const controlContext = browser.contexts()[0];
        if (!controlContext) throw new Error("Chromium has no default context");
        const controlPage = await controlContext.newPage();
        await controlPage.goto(`${passkeyUrl(control.url)}/chat`);
        // A first visit sends the welcome message; sending waits for its reply to end.
        await controlPage
          .getByRole("article", { name: /^Message from / })
          .getByText("Hello from the fake model.")
          .waitFor({ timeout: 30_000 });
        await virtualAuthenticator(controlContext, controlPage);
        await signUp(controlPage, {
          username: "bench-control",
          email: "bench-control@example.com",
        });
        await controlPage.locator('[data-stream-status="connected"]').waitFor();
        const measured = await CdpPage.attach(chrome.cdp, await targetOf(controlPage));
        await browser.close();
        const controlMetrics = await measured.metrics();
        results.control = await streamRuns(measured, controlMetrics, provider, {
          runs,
          paragraphs,
          gaps,
          label: "receiving only",
        });
        await controlMetrics.detach();
        await measured.close();
      } finally {
        await control.stop();
      }
      results.floors = await measureFloors(chrome.cdp, runs);
      console.log(`web-chat floors: ${JSON.stringify(results.floors)}`);
      lap("control", from);
      browser = await chromium.connectOverCDP(chrome.wsEndpoint);
      const again = browser
        .contexts()[0]
        ?.pages()
        .find((p) => p.url().startsWith(url));
      if (!again) throw new Error("the measured chat page is gone");
      page = again;
    }

    if (parts.has("history")) {
      from = performance.now();
      const token = await page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem("auth-storage") ?? "{}") as {
              state?: { accessToken?: string };
            }
          ).state?.accessToken,
      );
      if (!token) throw new Error("no access token in auth-storage");
      // Built by hand: Playwright's storageState() of a context it reconnected to misses the
      // page's local storage (the session's tokens).
      const storage = {
        cookies: await page.context().cookies(),
        origins: [{ origin: new URL(url).origin, localStorage: await localStorageOf(page) }],
      };
      await page.close();
      const registry = (await (await fetch(`${url}/api/v1/agents/registry`)).json()) as {
        data: { name: string }[];
      };
      const agent = registry.data[0]?.name;
      if (!agent) throw new Error("no agent in the registry");
      const tasks = Math.ceil(messageCount / 2);
      results.seeded = await seedConversation(url, token, agent, tasks, seedConcurrency);
      lap("seed", from);
      from = performance.now();
      for (let run = 0; run < runs; run++) {
        const r = await historyRun(browser, storage, url, results.seeded, scroll);
        results.history.push(r);
        console.log(
          `web-chat history run ${run + 1}/${runs}: newest visible ${ms(r.visibleMs, 0)} (painted ${ms(r.paintedMs, 0)}), all ${r.tasksLoaded} tasks loaded ${ms(r.allLoadedMs, 0)}${r.staysAtNewest ? "" : " (view left the newest message)"}, ${r.openLongTasks.length} long tasks opening; scroll ${r.scroll.steps} steps ${ms(r.scroll.ms, 0)}, ${r.scroll.longTasks.length} long tasks (longest ${ms(Math.max(0, ...r.scroll.longTasks.map((t) => t.duration)), 0)})`,
        );
      }
      lap("history", from);
    }
  } finally {
    await browser.close();
    await chrome.close();
    await server.stop();
    await provider.close();
  }
  results.seconds.total = (performance.now() - started) / 1000;
  writeSection(
    "web-chat",
    chatReport(results, { runs, paragraphs, messageCount, seedConcurrency, sampleMs, scroll }),
    chatResults(results),
  );
}
