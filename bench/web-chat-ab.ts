// A development probe, not one of the benchmarks: streams the web-chat bench's markdown reply
// into pages of several builds of the web app (one server each, same browser, over the CDP pipe),
// the builds alternated round by round, and prints each run's main-thread time per token (wall
// clock and CPU, as the bench reads them). PROBE_TRACE=1 then records a trace of a shorter reply
// per build (/tmp/webchat-trace-<name>.json, see trace-self-times.ts); PROBE_PROFILE=1 a CPU
// profile (/tmp/webchat-profile-<name>.cpuprofile). Build a copy with
// `npx vite build --outDir /tmp/x` in apps/web, then for example:
//   PROBE_DIRS=before:/tmp/x,after:/tmp/y PROBE_ROUNDS=3 PROBE_GAP=16 PROBE_PARAGRAPHS=50 \
//   flock /tmp/bench.lock flock /tmp/heavy.lock npx tsx bench/web-chat-ab.ts

import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { startFakeTokenProvider } from "../e2e/harness/fake-model.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "../e2e/harness/passkeys.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { envNumber } from "./browser.js";
import { CdpPage, launchPipedChromium, traceBrowser } from "./cdp-pipe.js";
import { newConversation, streamRun, webChatServerEnv } from "./web-chat-stream.js";

const variants = (process.env.PROBE_DIRS ?? "").split(",").map((entry) => {
  const [name, dir] = entry.split(":") as [string, string];
  return { name, dir };
});
const rounds = envNumber("PROBE_ROUNDS", 3);
const gapMs = envNumber("PROBE_GAP", 16);
const paragraphs = envNumber("PROBE_PARAGRAPHS", 50);
const traceParagraphs = envNumber("PROBE_TRACE_PARAGRAPHS", 20);
const load = () => execSync("cat /proc/loadavg").toString().split(" ").slice(0, 3).join(" ");

const provider = await startFakeTokenProvider();
const serverEnv = webChatServerEnv(provider.baseUrl);
const chrome = await launchPipedChromium();
const servers = [];
const pages = [];
try {
  const browser = await chromium.connectOverCDP(chrome.wsEndpoint);
  const context = browser.contexts()[0];
  if (!context) throw new Error("no context");
  for (const [i, v] of variants.entries()) {
    const server = await startBuiltServer({ ...serverEnv, WEB_DIR: v.dir });
    servers.push(server);
    const page = await context.newPage();
    await page.goto(`${passkeyUrl(server.url)}/chat`);
    await page
      .getByRole("article", { name: /^Message from / })
      .getByText("Hello from the fake model.")
      .waitFor({ timeout: 30_000 });
    await virtualAuthenticator(context, page);
    await signUp(page, { username: `probe${i}`, email: `probe${i}@example.com` });
    await page.locator('[data-stream-status="connected"]').waitFor();
    const session = await context.newCDPSession(page);
    const { targetInfo } = await session.send("Target.getTargetInfo");
    await session.detach();
    pages.push({ v, targetId: targetInfo.targetId });
  }
  await browser.close();
  const attached: {
    v: (typeof variants)[number];
    page: CdpPage;
    metrics: Awaited<ReturnType<CdpPage["metrics"]>>;
  }[] = [];
  for (const { v, targetId } of pages) {
    const page = await CdpPage.attach(chrome.cdp, targetId);
    const metrics = await page.metrics();
    await page.send("Page.bringToFront");
    attached.push({ v, page, metrics });
    await streamRun(page, metrics, provider, {
      paragraphs: 3,
      gapMs: 16,
      tag: `warm-${v.name}`,
      sampleMs: 500,
    });
  }
  const sums = new Map<string, { wall: number[]; cpu: number[] }>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? attached : [...attached].reverse();
    for (const { v, page, metrics } of order) {
      await page.send("Page.bringToFront");
      await new Promise((r) => setTimeout(r, 300));
      const r = await streamRun(page, metrics, provider, {
        paragraphs,
        gapMs,
        tag: `p-${v.name}-${round}`,
        sampleMs: gapMs >= 16 ? 500 : 200,
      });
      const s = sums.get(v.name) ?? { wall: [], cpu: [] };
      s.wall.push(r.perTokenMs);
      s.cpu.push(r.cpuPerTokenMs);
      sums.set(v.name, s);
      console.log(
        `${v.name} round ${round}: ${r.tokens} tok, wall ${r.perTokenMs.toFixed(3)} cpu ${r.cpuPerTokenMs.toFixed(3)} script ${r.breakdownMs.script.toFixed(3)} layout ${r.breakdownMs.layout.toFixed(3)} style ${r.breakdownMs.style.toFixed(3)} finish ${r.finishMs.toFixed(0)} load ${load()}`,
      );
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const [name, s] of sums) {
    console.log(
      `SUMMARY ${name}: wall median ${med(s.wall).toFixed(3)} [${s.wall.map((x) => x.toFixed(3)).join(" ")}] cpu median ${med(s.cpu).toFixed(3)} [${s.cpu.map((x) => x.toFixed(3)).join(" ")}]`,
    );
  }
  /** Streams the trace reply into each build's page between `start` and `stop`. */
  const recordEach = async (
    tag: string,
    start: (page: CdpPage) => Promise<(name: string) => Promise<void>>,
  ): Promise<void> => {
    for (const { v, page } of attached) {
      await page.send("Page.bringToFront");
      await newConversation(page);
      await page.fill(
        'textarea[aria-label="Message"]',
        `markdown:${traceParagraphs} gapMs:16 tag:${tag}-${v.name}`,
      );
      await new Promise((r) => setTimeout(r, 500));
      const stop = await start(page);
      await page.click('button[aria-label="Send message"]');
      await new Promise((r) => setTimeout(r, 1500));
      for (let i = 0; i < 200; i++) {
        const busy = await page.attribute('[role="log"][aria-label="Messages"]', "aria-busy");
        if (busy === "false") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, 300));
      await stop(v.name);
    }
  };
  if (process.env.PROBE_PROFILE === "1") {
    await recordEach("c", async (page) => {
      await page.send("Profiler.enable");
      await page.send("Profiler.setSamplingInterval", { interval: 100 });
      await page.send("Profiler.start");
      return async (name) => {
        const { profile } = await page.send("Profiler.stop");
        await page.send("Profiler.disable");
        writeFileSync(`/tmp/webchat-profile-${name}.cpuprofile`, JSON.stringify(profile));
        console.log(`profile ${name} written`);
      };
    });
  }
  if (process.env.PROBE_TRACE === "1") {
    await recordEach("t", async () => {
      const stopTrace = await traceBrowser(chrome.cdp, [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "blink",
        "cc",
        "v8.execute",
        "toplevel",
      ]);
      return async (name) => {
        const events = await stopTrace();
        writeFileSync(`/tmp/webchat-trace-${name}.json`, JSON.stringify(events));
        console.log(`trace ${name}: ${events.length} events`);
      };
    });
  }
} finally {
  await chrome.close();
  for (const s of servers) await s.stop();
  await provider.close();
}
