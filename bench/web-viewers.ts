import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Page } from "playwright-core";
import { build } from "vite";
import { chromiumPath, launchChromium } from "../e2e/harness/browser.js";
import { envNumber, idleRate, ms, PageMetrics, serveDirectory, sleep, verdict } from "./browser.js";
import { machineLine, median, type Result, writeSection } from "./report.js";
import type {
  BenchChartType,
  ChartMountResult,
  InteractionResult,
} from "./viewers/viewer-bench-api.js";

const runs = envNumber("BENCH_VIEWER_RUNS", 5);
const tableRowCount = envNumber("BENCH_TABLE_ROWS", 100_000);
const chartPoints = envNumber("BENCH_CHART_POINTS", 10_000);
const interactionTargetMs = 100;
const chartTargetMs = 300;
const chartTypes: BenchChartType[] = ["line", "bar", "area"];
/** Time left after an action for its frame to paint before the CDP counters are read again. */
const settleMs = 300;

const viewersRoot = fileURLToPath(new URL("./viewers", import.meta.url));

type Call =
  | { kind: "sort"; arg: string }
  | { kind: "search"; arg: string }
  | { kind: "next" }
  | { kind: "clear" };

/** The interactions of one table run, in order; sorts are the first on their column (uncached). */
const interactions: { name: string; call: Call; check: (r: InteractionResult) => boolean }[] = [
  {
    name: "sort text column (Customer ▲)",
    call: { kind: "sort", arg: "Customer" },
    check: (r) => r.sorts[1] === "ascending",
  },
  {
    name: "sort again (Customer ▼)",
    call: { kind: "sort", arg: "Customer" },
    check: (r) => r.sorts[1] === "descending",
  },
  {
    name: "sort currency column (Amount ▲)",
    call: { kind: "sort", arg: "Amount" },
    check: (r) => r.sorts[4] === "ascending",
  },
  {
    name: "sort datetime column (Ordered At ▲)",
    call: { kind: "sort", arg: "Ordered At" },
    check: (r) => r.sorts[5] === "ascending",
  },
  {
    name: "search ('gamma')",
    call: { kind: "search", arg: "gamma" },
    check: (r) => !r.showing.endsWith(` of ${tableRowCount} results`),
  },
  { name: "next page", call: { kind: "next" }, check: (r) => r.showing.startsWith("Showing 26 ") },
  {
    name: "clear search",
    call: { kind: "clear" },
    check: (r) => r.showing.endsWith(` of ${tableRowCount} results`),
  },
];

/** Calls into the page's window.viewerBench (each callback runs in the page). */
function bench(page: Page) {
  return {
    mountTable: (rows: number) => page.evaluate((n) => window.viewerBench.mountTable(n), rows),
    interact: (c: Call): Promise<InteractionResult> => {
      if (c.kind === "sort") return page.evaluate((a) => window.viewerBench.sort(a), c.arg);
      if (c.kind === "search") return page.evaluate((a) => window.viewerBench.search(a), c.arg);
      if (c.kind === "clear") return page.evaluate(() => window.viewerBench.search(""));
      return page.evaluate(() => window.viewerBench.nextPage());
    },
    preloadChart: () => page.evaluate(() => window.viewerBench.preloadChart()),
    mountChart: (type: BenchChartType, points: number) =>
      page.evaluate(([t, n]) => window.viewerBench.mountChart(t, n), [type, points] as const),
    clear: () => page.evaluate(() => window.viewerBench.clear()),
  };
}

/** Builds bench/viewers (the real viewer components) for production into a temp dir. */
async function buildViewerPage(outDir: string): Promise<void> {
  await build({
    root: viewersRoot,
    configFile: false,
    logLevel: "warn",
    plugins: [react(), tailwindcss()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
}

interface Measured<T> {
  result: T;
  /** CDP TaskDuration over the action and its frame, less the idle rate. */
  cdpMs: number;
}

async function measured<T>(
  metrics: PageMetrics,
  idle: number,
  action: () => Promise<T>,
): Promise<Measured<T>> {
  const before = await metrics.times();
  const from = performance.now();
  const result = await action();
  await sleep(settleMs);
  const after = await metrics.times();
  const cdpMs = after.task - before.task - idle * (performance.now() - from);
  return { result, cdpMs };
}

/** Table (100,000 rows) sort / search / page and chart (10,000 points) render in the browser. */
export async function webViewersBench(): Promise<void> {
  const started = performance.now();
  const outDir = mkdtempSync(join(tmpdir(), "a2a-viewers-bench-"));
  await buildViewerPage(outDir);
  const buildMs = performance.now() - started;
  const site = await serveDirectory(outDir);
  const browser = await launchChromium(chromiumPath);
  const mounts: number[] = [];
  const byInteraction = new Map<string, { ms: number[]; cdp: number[] }>();
  const charts = new Map<BenchChartType, { results: ChartMountResult[]; cdp: number[] }>();
  let chartLoadMs = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url);
    await page.waitForSelector("body[data-ready]");
    const metrics = await PageMetrics.attach(page);
    const idle = await idleRate(metrics, 1000);
    const api = bench(page);

    for (let run = 0; run < runs; run++) {
      await api.clear();
      mounts.push(await api.mountTable(tableRowCount));
      await sleep(settleMs);
      for (const step of interactions) {
        const { result, cdpMs } = await measured(metrics, idle, () => api.interact(step.call));
        if (!step.check(result)) {
          throw new Error(`${step.name} did not take effect: ${JSON.stringify(result)}`);
        }
        const entry = byInteraction.get(step.name) ?? { ms: [], cdp: [] };
        entry.ms.push(result.ms);
        entry.cdp.push(cdpMs);
        byInteraction.set(step.name, entry);
      }
      console.log(
        `web-viewers table run ${run + 1}/${runs}: mount ${ms(mounts.at(-1) ?? 0, 0)}; ${[
          ...byInteraction,
        ]
          .map(([name, e]) => `${name} ${ms(e.ms.at(-1) ?? 0)} (cdp ${ms(e.cdp.at(-1) ?? 0)})`)
          .join("; ")}`,
      );
    }

    await api.clear();
    chartLoadMs = await api.preloadChart();
    for (let run = 0; run < runs; run++) {
      for (const type of chartTypes) {
        await api.clear();
        await sleep(100);
        const { result, cdpMs } = await measured(metrics, idle, () =>
          api.mountChart(type, chartPoints),
        );
        const entry = charts.get(type) ?? { results: [], cdp: [] };
        entry.results.push(result);
        entry.cdp.push(cdpMs);
        charts.set(type, entry);
      }
      console.log(
        `web-viewers chart run ${run + 1}/${runs}: ${chartTypes
          .map((t) => {
            const r = charts.get(t)?.results.at(-1);
            return `${t} drawn ${ms(r?.drawnMs ?? 0)} painted ${ms(r?.paintedMs ?? 0)} (${r?.svgElements} svg elements)`;
          })
          .join("; ")}`,
      );
    }
    await metrics.detach();
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
  }

  const totalS = (performance.now() - started) / 1000;
  const rows = [...byInteraction].map(([name, e]) => {
    const m = median(e.ms);
    return `| ${name} | ${ms(m)} | ${ms(median(e.cdp))} | ${ms(Math.max(...e.ms))} | < ${interactionTargetMs} ms | ${verdict(m < interactionTargetMs)} |`;
  });
  const chartRows = chartTypes.map((type) => {
    const e = charts.get(type);
    const pick = (key: keyof ChartMountResult) => median(e?.results.map((r) => r[key]) ?? [0]);
    const drawn = pick("drawnMs");
    return `| ${type} | ${ms(pick("renderMs"))} | ${ms(drawn)} | ${ms(pick("paintedMs"))} | ${ms(median(e?.cdp ?? [0]))} | ${pick("svgElements").toFixed(0)} | < ${chartTargetMs} ms | ${verdict(drawn < chartTargetMs)} |`;
  });
  const rowsText = tableRowCount.toLocaleString("en-US");
  const pointsText = chartPoints.toLocaleString("en-US");
  writeSection(
    "web-viewers",
    `## Artifact viewers in the browser (table, chart)

A standalone page (\`bench/viewers/\`) imports the app's real \`TableView\` and \`ChartView\` from
\`apps/web/src/artifacts\`, is built for production with Vite (React, Tailwind, minified) and runs
in headless Chromium (1280×900). Data is generated in the page, deterministically, before any
clock starts. Median of ${runs} runs.

**Table, ${rowsText} rows** (columns id, customer, product, quantity, amount as currency,
ordered_at as datetime; rendering hints \`filterable\`, every column in \`sortable_columns\`; page
size 25). Each run mounts a fresh table (so every first sort of a column is uncached) and then
does the interactions below in order. *In page*: \`t0 = performance.now()\`, the event
(\`button.click()\`, or the input's value set and an \`input\` event dispatched), one microtask
turn (React commits a discrete event's update in a microtask queued by the handler; a real
click runs both in the same task), a forced layout (\`document.body.offsetHeight\`), \`t1\`. *CDP*:
TaskDuration (Performance.getMetrics) over the action and the ${settleMs} ms after it (so its
frame is painted), less the page's idle rate, so it includes paint and the bench's own
\`Runtime.evaluate\`. Mounting the table (reading the rows, building sort keys and search texts
once) took **${ms(median(mounts), 0)}** (median; no target).

| interaction | in page | CDP task time | worst run | target | |
|---|---|---|---|---|---|
${rows.join("\n")}

**Chart, ${pointsText} points** (one series; line, bar, area). The lazy recharts chunk is loaded
first by mounting a 3-point chart (**${ms(chartLoadMs, 0)}** from mount to its line drawn,
including the chunk's fetch and parse; not part of the figures below). Then each chart is
mounted with \`flushSync(root.render(<ChartView/>))\`: *render* is that call, *drawn* is until the
series' SVG elements exist (MutationObserver) plus a forced layout, *painted* is the frame after.
The viewer thins long series before drawing (lines to ~1,000 points, bars to 120), which the SVG
element count shows.

| chart | render | drawn | painted | CDP task time | SVG elements | target | |
|---|---|---|---|---|---|---|---|
${chartRows.join("\n")}

Bench time: ${totalS.toFixed(0)} s (Vite build of the page ${(buildMs / 1000).toFixed(0)} s).
Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      slowest(
        `table of ${rowsText} rows: slowest interaction (in page)`,
        [...byInteraction].map(([name, e]) => [name, median(e.ms)]),
        interactionTargetMs,
      ),
      slowest(
        `chart of ${pointsText} points: slowest to draw`,
        chartTypes.map((type) => [
          type,
          median(charts.get(type)?.results.map((r) => r.drawnMs) ?? [0]),
        ]),
        chartTargetMs,
      ),
    ],
  );
}

/** A results row for the slowest of several named figures against one target. */
function slowest(measure: string, figures: [string, number][], targetMs: number): Result {
  const [name, worst] = figures.reduce((a, b) => (b[1] > a[1] ? b : a), ["–", 0]);
  return {
    measure,
    latest: `${ms(worst)} (${name})`,
    target: `< ${targetMs} ms`,
    met: worst < targetMs,
  };
}
