import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { chromiumPath, launchChromium } from "../e2e/harness/browser.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { envNumber, ms, verdict } from "./browser.js";
import { lighthouseCli, lighthouseScores } from "./lighthouse.js";
import { machineLine, median, type Result, writeSection } from "./report.js";

const runs = envNumber("BENCH_SITE_RUNS", 5);

/** The machine's 1-minute load average (other work on the 2 cores slows every figure). */
function loadAverage(): string {
  return loadavg()[0]?.toFixed(1) ?? "?";
}
const cpuSlowdown = 4;
const jsBudgetKb = 15;
const lcpTargetMs = 1000;

/**
 * The pages measured: one or more of every kind the site has (the site has no blog: its
 * /api/v1/blog/events is the analytics endpoint). The home and marketing pages; docs pages, a
 * short one, the index and the longest ones (/docs/mcp, /docs/operations); documentation pages,
 * the index, a short and a long one; legal pages; a benchmark note; the 404 page.
 * BENCH_SITE_PAGES (comma-separated paths) measures others.
 */
const allKinds = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/contact",
  "/getting-started",
  "/docs",
  "/docs/getting-started",
  "/docs/mcp",
  "/docs/operations",
  "/documentation",
  "/documentation/tool-execution",
  "/documentation/modules/reddit",
  "/legal",
  "/legal/privacy-policy",
  "/terms",
  "/benchmarks/notes/website",
  "/404",
];
const pages = process.env.BENCH_SITE_PAGES?.split(",").filter(Boolean) ?? allKinds;

/** The pages Lighthouse scores: one of each kind (it takes ~30 s a page here). */
const lighthousePages = [
  "/",
  "/pricing",
  "/docs/getting-started",
  "/docs/mcp",
  "/documentation/tool-execution",
  "/legal/privacy-policy",
];

interface PaintTimes {
  fcp: number;
  lcp: number;
}

/** Gzipped bytes of every script the page loads (as our server would send them compressed). */
async function scriptBytes(
  browser: Browser,
  url: string,
): Promise<{ count: number; gzip: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const scripts = await Promise.all(bodies);
  await context.close();
  return {
    count: scripts.length,
    gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

/** Whether the page's heading and main text are there with JavaScript turned off. */
async function completeWithoutScript(browser: Browser, url: string): Promise<boolean> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const heading = (await page.locator("h1").first().textContent()) ?? "";
  const text = (await page.locator("main").first().textContent()) ?? "";
  await context.close();
  return heading.trim().length > 0 && text.trim().length > 200;
}

/** First and largest contentful paint of a cold load with the CPU slowed down. */
async function paintTimes(browser: Browser, url: string): Promise<PaintTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await page.goto(url, { waitUntil: "load" });
  // LCP is final once the page has been idle a moment; read the buffered entries then.
  await page.waitForTimeout(500);
  const times = await page.evaluate(
    () =>
      new Promise<PaintTimes>((resolve) => {
        const fcp =
          performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, lcp: entries.at(-1)?.startTime ?? Number.NaN });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return times;
}

/** Website: JavaScript shipped per page, HTML complete without scripts, FCP/LCP at 4× slowdown. */
export async function websiteBench(): Promise<void> {
  const loadAtStart = loadAverage();
  const server = await startBuiltServer({ RATE_LIMIT_SESSIONS_PER_IP: "0" });
  const browser = await launchChromium(chromiumPath);
  const rows: string[] = [];
  const scoreRows: string[] = [];
  const figures: { path: string; kb: number; complete: boolean; lcp: number }[] = [];
  const scores: number[] = [];
  const cli = lighthouseCli();
  try {
    for (const path of pages) {
      const url = `${server.url}${path}`;
      const js = await scriptBytes(browser, url);
      const complete = await completeWithoutScript(browser, url);
      const fcps: number[] = [];
      const lcps: number[] = [];
      await paintTimes(browser, url); // warm the server's file cache, not the browser's
      for (let run = 0; run < runs; run += 1) {
        const times = await paintTimes(browser, url);
        fcps.push(times.fcp);
        lcps.push(times.lcp);
      }
      const kb = js.gzip / 1024;
      const lcp = median(lcps);
      const row = `| \`${path}\` | ${js.count} / ${kb.toFixed(1)} KB | ${complete ? "yes" : "**no**"} | ${ms(median(fcps), 0)} | ${ms(lcp, 0)} | ${verdict(kb <= jsBudgetKb && complete && lcp < lcpTargetMs)} |`;
      console.log(row);
      rows.push(row);
      figures.push({ path, kb, complete, lcp });
    }
    for (const path of cli ? lighthousePages : []) {
      const s = await lighthouseScores(cli as string, `${server.url}${path}`);
      const all = [s.performance, s.accessibility, s.bestPractices, s.seo];
      const row = `| \`${path}\` | ${all.join(" | ")} | ${ms(s.lcpMs, 0)} | ${verdict(all.every((v) => v >= 95))} |`;
      scores.push(...all);
      console.log(row);
      scoreRows.push(row);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  writeSection(
    "website",
    `## Website pages (browser)

${machineLine()}; headless Debian Chromium (--disable-gpu), the built server (\`npm start\`'s
\`apps/server/dist/main.js\`) on loopback. \`npm run bench website\` loads each page: *scripts* is the
number of script files a fresh visit loads and their size gzipped (level 9), against the 15 KB
budget; *complete without JS* checks that the page's heading and main text are in the HTML with
JavaScript turned off; *FCP / LCP* are the browser's first and largest contentful paint of a cold
visit (new browser context each time) with the CPU slowed ${cpuSlowdown}× (CDP
\`Emulation.setCPUThrottlingRate\`), medians of ${runs} runs after one warm-up. Target: LCP under
${lcpTargetMs} ms on every page; the pages are one or more of each kind the site has (home and
marketing, docs, documentation, legal, a benchmark note, 404; there is no blog). Load average
(1 minute) at the start and the end of the run: ${loadAtStart} and ${loadAverage()}.

| page | scripts (files / gzip) | complete without JS | FCP | LCP | |
|---|---|---|---|---|---|
${rows.join("\n")}

${lighthouseSection(scoreRows)}
`,
    siteResults(figures, scores),
  );
}

/** The results page's rows: the worst page against each target. */
function siteResults(
  figures: { path: string; kb: number; complete: boolean; lcp: number }[],
  scores: number[],
): Result[] {
  const worst = (read: (f: (typeof figures)[number]) => number) =>
    figures.reduce((a, b) => (read(b) > read(a) ? b : a));
  const heaviest = worst((f) => f.kb);
  const slowest = worst((f) => f.lcp);
  const complete = figures.filter((f) => f.complete).length;
  const rows: Result[] = [
    {
      measure: "script per page, gzip (heaviest page)",
      latest: `${heaviest.kb.toFixed(1)} KB (\`${heaviest.path}\`)`,
      target: `≤ ${jsBudgetKb} KB`,
      met: heaviest.kb <= jsBudgetKb,
    },
    {
      measure: "pages complete without JavaScript",
      latest: `${complete} of ${figures.length}`,
      target: "all",
      met: complete === figures.length,
    },
    {
      measure: `LCP at ${cpuSlowdown}× CPU slowdown (slowest page)`,
      latest: `${ms(slowest.lcp, 0)} (\`${slowest.path}\`)`,
      target: `< ${lcpTargetMs} ms`,
      met: slowest.lcp < lcpTargetMs,
    },
  ];
  if (scores.length > 0) {
    const lowest = Math.min(...scores);
    rows.push({
      measure: "Lighthouse, lowest score",
      latest: String(lowest),
      target: "≥ 95",
      met: lowest >= 95,
    });
  }
  return rows;
}

/** The Lighthouse table, or how to get one. */
function lighthouseSection(rows: string[]): string {
  const how =
    "Lighthouse is not a dependency (its current major, 13, needs Node 22; 12.x, which runs on " +
    "Node 20 against Debian's Chromium, adds ~170 packages): `npm install --no-save lighthouse@12` " +
    "before `npm run bench website` adds its scores (default mobile settings, simulated " +
    "throttling) and its simulated LCP. Goal: all four ≥ 95.";
  if (rows.length === 0) return `${how} Not run this time.`;
  return `${how}

| page | performance | accessibility | best practices | SEO | LCP (simulated mobile) | |
|---|---|---|---|---|---|---|
${rows.join("\n")}`;
}
