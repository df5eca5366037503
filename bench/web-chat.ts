import { launchChromium } from "../e2e/harness/browser.js";
import { startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "../e2e/harness/passkeys.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { envNumber, ms, PageMetrics } from "./browser.js";
import { writeSection } from "./report.js";
import { measureChatBundle } from "./web-chat-bundle.js";
import { buildNoDrawingCopy, measureFloors } from "./web-chat-floors.js";
import { historyRun } from "./web-chat-history.js";
import { type ChatBenchResults, chatReport, kb } from "./web-chat-report.js";
import { seedConversation } from "./web-chat-seed.js";
import { streamRuns, traceCrossCheck } from "./web-chat-stream.js";

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

/** The chat in headless Chromium: script budget, streaming cost, a 5,000-message conversation. */
export async function webChatBench(): Promise<void> {
  const started = performance.now();
  const provider = await startFakeTokenProvider();
  const serverEnv = {
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
    OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
    OPENAI_COMPATIBLE_MODEL: "bench-web",
  };
  const server = await startBuiltServer(serverEnv);
  const browser = await launchChromium();
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
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
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
      const metrics = await PageMetrics.attach(page);
      results.streams = await streamRuns(page, metrics, provider, { runs, paragraphs, gaps });
      if (process.env.BENCH_TRACE !== "0") {
        const options = { paragraphs: 10, gapMs: 16, tag: "trace", sampleMs };
        results.trace = await traceCrossCheck(browser, page, metrics, provider, options);
        console.log(`web-chat trace check: ${JSON.stringify(results.trace)}`);
      }
      await metrics.detach();
      lap("stream", from);

      // The same runs against a copy of the app that draws nothing mid-reply: receiving alone.
      from = performance.now();
      const control = await startBuiltServer({ ...serverEnv, WEB_DIR: buildNoDrawingCopy() });
      try {
        const controlContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
        const controlMetrics = await PageMetrics.attach(controlPage);
        results.control = await streamRuns(controlPage, controlMetrics, provider, {
          runs,
          paragraphs,
          gaps,
          label: "receiving only",
        });
        await controlMetrics.detach();
        await controlContext.close();
      } finally {
        await control.stop();
      }
      results.floors = await measureFloors(browser, runs);
      console.log(`web-chat floors: ${JSON.stringify(results.floors)}`);
      lap("control", from);
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
      const storage = await context.storageState();
      await context.close();
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
    await server.stop();
    await provider.close();
  }
  results.seconds.total = (performance.now() - started) / 1000;
  writeSection(
    "web-chat",
    chatReport(results, { runs, paragraphs, messageCount, seedConcurrency, sampleMs, scroll }),
  );
}
