import type { Artifact } from "@a2a-chat/contracts";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ChartView } from "../../apps/web/src/artifacts/chart/ChartView.js";
import { TableView } from "../../apps/web/src/artifacts/table/TableView.js";
import "./viewers.css";
import type {
  BenchChartType,
  ChartMountResult,
  InteractionResult,
  ViewerBenchApi,
} from "./viewer-bench-api.js";

const container = document.getElementById("root");
if (!container) throw new Error("no #root element");
const root = createRoot(container);

const firstNames = ["Ada", "Grace", "Alan", "Linus", "Barbara", "Ken", "Margaret", "Dennis"];
const lastNames = ["Lovelace", "Hopper", "Turing", "Torvalds", "Liskov", "Thompson", "Hamilton"];
const products = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota"];
const startOf2024 = Date.UTC(2024, 0, 1);

/** Deterministic order rows: text, number, currency and datetime columns. */
function tableRows(count: number): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = new Array(count);
  for (let i = 0; i < count; i++) {
    rows[i] = {
      id: i + 1,
      customer: `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]} ${i % 997}`,
      product: products[(i * 13) % products.length],
      quantity: (i * 31) % 97,
      amount: ((i * 7919) % 100_000) / 100,
      ordered_at: new Date(startOf2024 + ((i * 104_729) % 525_600) * 60_000).toISOString(),
    };
  }
  return rows;
}

function artifact(type: string, data: Record<string, unknown>, hints: Record<string, unknown>) {
  const value: Artifact = {
    artifactId: `bench-${type}-${Math.random()}`,
    name: type === "table" ? "Orders" : "Series",
    parts: [{ kind: "data", data }],
    metadata: {
      artifact_type: type,
      context_id: "bench",
      created_at: "2024-01-01T00:00:00.000Z",
      rendering_hints: hints,
    },
  };
  return value;
}

function tableArtifact(rows: number): Artifact {
  return artifact(
    "table",
    { items: tableRows(rows) },
    {
      filterable: true,
      sortable_columns: ["id", "customer", "product", "quantity", "amount", "ordered_at"],
      column_types: { amount: "currency", ordered_at: "datetime" },
    },
  );
}

function chartArtifact(type: BenchChartType, points: number): Artifact {
  const labels = Array.from({ length: points }, (_, i) => `P${i}`);
  const data = labels.map((_, i) => Math.round(500 + 300 * Math.sin(i / 50) + ((i * 37) % 100)));
  return artifact(
    "chart",
    { labels, datasets: [{ label: "Value", data }] },
    { chart_type: type, title: `${points} points` },
  );
}

const seriesSelector: Record<BenchChartType, string> = {
  line: ".recharts-line-curve",
  area: ".recharts-area-area",
  bar: ".recharts-bar-rectangle",
};

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Resolves as soon as `selector` matches inside #root (checked on every DOM change). */
function appeared(selector: string): Promise<void> {
  return new Promise((resolve) => {
    if (container?.querySelector(selector)) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!container?.querySelector(selector)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container as HTMLElement, { childList: true, subtree: true });
  });
}

function tableState(ms: number): InteractionResult {
  const showing = [...document.querySelectorAll("p")].find((p) =>
    p.textContent?.startsWith("Showing"),
  );
  return {
    ms,
    showing: showing?.textContent ?? "",
    firstRow: document.querySelector("tbody tr")?.textContent ?? "",
    sorts: [...document.querySelectorAll("th")].map((th) => th.getAttribute("aria-sort") ?? ""),
  };
}

/**
 * Runs an interaction and times it to the commit plus a forced layout. React commits an update
 * from a discrete event in a microtask queued by the handler, which runs before this await
 * resumes; a real click runs both in the same task.
 */
async function interact(act: () => void): Promise<InteractionResult> {
  const t0 = performance.now();
  act();
  await Promise.resolve();
  void document.body.offsetHeight;
  return tableState(performance.now() - t0);
}

function button(predicate: (element: HTMLButtonElement) => boolean): HTMLButtonElement {
  const found = [...document.querySelectorAll("button")].find(predicate);
  if (!found) throw new Error("button not found");
  return found;
}

const api: ViewerBenchApi = {
  mountTable(rows) {
    const value = tableArtifact(rows);
    const t0 = performance.now();
    flushSync(() => root.render(<TableView artifact={value} />));
    void document.body.offsetHeight;
    return performance.now() - t0;
  },
  sort(label) {
    const target = button(
      (b) => b.closest("th") !== null && (b.textContent ?? "").startsWith(label),
    );
    return interact(() => target.click());
  },
  search(text) {
    const input = document.querySelector<HTMLInputElement>('input[placeholder="Search..."]');
    if (!input) throw new Error("no search box");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    return interact(() => {
      setValue?.call(input, text);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  },
  nextPage() {
    const next = button((b) => b.textContent === "Next");
    return interact(() => next.click());
  },
  async preloadChart() {
    const t0 = performance.now();
    flushSync(() => root.render(<ChartView artifact={chartArtifact("line", 3)} />));
    await appeared(seriesSelector.line);
    const ms = performance.now() - t0;
    await api.clear();
    return ms;
  },
  async mountChart(type, points) {
    const value = chartArtifact(type, points);
    const t0 = performance.now();
    flushSync(() => root.render(<ChartView artifact={value} />));
    const rendered = performance.now();
    await appeared(seriesSelector[type]);
    void document.body.offsetHeight;
    const drawn = performance.now();
    await nextPaint();
    const result: ChartMountResult = {
      renderMs: rendered - t0,
      drawnMs: drawn - t0,
      paintedMs: performance.now() - t0,
      svgElements: container.querySelectorAll("svg *").length,
    };
    return result;
  },
  async clear() {
    flushSync(() => root.render(null));
    await nextPaint();
  },
};

window.viewerBench = api;
document.body.dataset.ready = "true";
