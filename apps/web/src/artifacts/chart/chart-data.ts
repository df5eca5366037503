import { isRecord, type JsonObject } from "../shared/artifact-data.js";

/** Core spec §9: chart height in pixels. */
export const chartHeight = 400;
/** Core spec §9: outer radius of a pie. */
export const pieOuterRadius = 80;
/** Core spec §9: the 8-colour series palette, starting with orange. */
export const chartPalette = [
  "#f97316",
  "#3b82f6",
  "#22c55e",
  "#eab308",
  "#a855f7",
  "#ec4899",
  "#14b8a6",
  "#ef4444",
] as const;
/** Core spec §5: labels or datasets are missing. */
export const chartShapeMessage = "Data must have labels and datasets";
/** Core spec §5: the chart artifact has no data part. */
export const noChartDataPartMessage = "No data part found";
/** Core spec §2.4: the chart cannot be drawn. */
export const invalidChartMessage = "Invalid chart data";
/** Above this many points a series is drawn without animation or dots, to stay fast. */
export const largeSeriesPoints = 100;

/** The kinds of chart drawn. */
export type ChartType = "bar" | "line" | "area" | "pie";
const chartTypes: readonly string[] = ["bar", "line", "area", "pie"];

/** One dataset, ready to draw; missing or non-numeric values are null (a gap). */
export interface ChartSeries {
  key: string;
  label: string;
  values: (number | null)[];
  color: string;
}

/** A validated chart. */
export interface ChartModel {
  type: ChartType;
  title?: string;
  labels: string[];
  series: ChartSeries[];
}

/** Why data cannot be drawn: the spec's title and, when known, the reason. */
export interface ChartProblem {
  error: string;
  detail?: string;
}

/** The series colour: the dataset's own colour, else the palette's, cycling. */
export function seriesColor(color: unknown, index: number): string {
  if (typeof color === "string" && color.trim() !== "") return color;
  return chartPalette[index % chartPalette.length] as string;
}

function pointValue(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The chart type from the hints, then the data (type or chart_type); bar when unknown. */
export function chartTypeOf(hints: JsonObject, data: JsonObject): ChartType {
  for (const value of [hints.chart_type, data.type, data.chart_type]) {
    if (typeof value === "string" && chartTypes.includes(value)) return value as ChartType;
  }
  return "bar";
}

/** Validates chart data (core spec §3, §5) into a model the chart canvas draws. */
export function readChart(data: unknown, hints: JsonObject = {}): ChartModel | ChartProblem {
  if (!isRecord(data)) return { error: invalidChartMessage };
  const { labels, datasets } = data;
  if (!Array.isArray(labels) || !Array.isArray(datasets)) {
    return { error: invalidChartMessage, detail: chartShapeMessage };
  }
  if (labels.length === 0 || datasets.length === 0) return { error: invalidChartMessage };
  const series: ChartSeries[] = [];
  for (const [index, dataset] of datasets.entries()) {
    if (!isRecord(dataset) || !Array.isArray(dataset.data)) return { error: invalidChartMessage };
    const values = labels.map((_, i) => pointValue((dataset.data as unknown[])[i]));
    series.push({
      key: `s${index}`,
      label: typeof dataset.label === "string" ? dataset.label : `Series ${index + 1}`,
      values,
      color: seriesColor(dataset.color, index),
    });
  }
  if (series.every((s) => s.values.every((v) => v === null))) return { error: invalidChartMessage };
  const title = [hints.title, data.title].find((t) => typeof t === "string" && t !== "");
  return {
    type: chartTypeOf(hints, data),
    ...(typeof title === "string" ? { title } : {}),
    labels: labels.map((label) => (typeof label === "string" ? label : String(label))),
    series,
  };
}

/** Whether a validation result is a problem. */
export function isChartProblem(value: ChartModel | ChartProblem): value is ChartProblem {
  return "error" in value;
}

/** One row per label, a column per series (keyed s0, s1…), as recharts wants its data. */
export function chartRows(chart: ChartModel): Record<string, string | number | null>[] {
  return chart.labels.map((label, i) => {
    const row: Record<string, string | number | null> = { label };
    for (const s of chart.series) row[s.key] = s.values[i] ?? null;
    return row;
  });
}

/** How the x axis lays out its labels: which it shows, at what angle, and how tall it is. */
export interface XAxisLayout {
  /** Show every (interval + 1)-th label; 0 shows them all. */
  interval: number;
  /** Degrees the labels are turned (0 or slanted); slanted ones end at their tick. */
  angle: number;
  /** Height of the axis, room for slanted labels. */
  height: number;
}

/** Pixels a character of a 12 px axis label takes, on average (a little generous). */
const labelCharPx = 7;
/** Horizontal room one slanted label needs: its 12 px line height, turned 40°. */
const slantedLabelPx = 19;
const slantAngle = -40;
/** Width the y axis and margins take from the plot. */
const plotInsetPx = 76;

/**
 * Lays out the x axis for a chart `width` pixels wide, so no label is ever dropped for overlapping
 * (Recharts hides ticks that collide, silently losing a month): every label shows straight when
 * they fit, slanted when only that fits, and only when even slanted labels cannot all fit is every
 * n-th one shown, evenly (the axis says which points they are; the tooltip names every point).
 */
export function xAxisLayout(labels: readonly string[], width: number): XAxisLayout {
  const count = Math.max(1, labels.length);
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 1);
  const labelPx = longest * labelCharPx + 8;
  const slot = Math.max(1, width - plotInsetPx) / count;
  if (slot >= labelPx) return { interval: 0, angle: 0, height: 30 };
  const height = Math.min(120, Math.ceil(labelPx * Math.sin((-slantAngle * Math.PI) / 180)) + 18);
  const interval = slot >= slantedLabelPx ? 0 : Math.ceil(slantedLabelPx / slot) - 1;
  return { interval, angle: slantAngle, height };
}

/** Most bars drawn: beyond this neighbouring points share a bar (thinner than a pixel anyway). */
export const maxDrawnBars = 120;
/** Most points a line or area draws; beyond this it is thinned to each stretch's extremes. */
export const maxDrawnLinePoints = 1000;
/** Most pie slices drawn; the smallest of the rest are summed into one. */
export const maxPieSlices = 24;

function buckets(points: number, count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let b = 0; b < count; b++) {
    const start = Math.floor((b * points) / count);
    const end = Math.floor(((b + 1) * points) / count);
    if (end > start) out.push([start, end]);
  }
  return out;
}

/**
 * A line or area thinned to about maxPoints: each bucket keeps the points where any series has
 * its lowest and highest value, so peaks and dips survive and every kept point is a real one.
 */
export function thinLine(chart: ChartModel, maxPoints = maxDrawnLinePoints): ChartModel {
  const n = chart.labels.length;
  if (n <= maxPoints) return chart;
  const keep: number[] = [];
  const bucketCount = Math.max(1, Math.floor(maxPoints / (2 * Math.max(1, chart.series.length))));
  for (const [start, end] of buckets(n, bucketCount)) {
    const picked = new Set<number>();
    for (const s of chart.series) {
      let lo = -1;
      let hi = -1;
      for (let i = start; i < end; i++) {
        const v = s.values[i];
        if (v === null || v === undefined) continue;
        if (lo < 0 || v < (s.values[lo] as number)) lo = i;
        if (hi < 0 || v > (s.values[hi] as number)) hi = i;
      }
      if (lo >= 0) picked.add(lo);
      if (hi >= 0) picked.add(hi);
    }
    if (picked.size === 0) picked.add(start);
    keep.push(...[...picked].sort((a, b) => a - b));
  }
  return {
    ...chart,
    labels: keep.map((i) => chart.labels[i] as string),
    series: chart.series.map((s) => ({ ...s, values: keep.map((i) => s.values[i] ?? null) })),
  };
}

/**
 * Bars binned to at most maxBars: a bin is labelled 'first – last' and shows, per series, the
 * value farthest from zero, so no spike disappears.
 */
export function binBars(chart: ChartModel, maxBars = maxDrawnBars): ChartModel {
  const n = chart.labels.length;
  if (n <= maxBars) return chart;
  const bins = buckets(n, maxBars);
  return {
    ...chart,
    labels: bins.map(([start, end]) => `${chart.labels[start]} – ${chart.labels[end - 1]}`),
    series: chart.series.map((s) => ({
      ...s,
      values: bins.map(([start, end]) => {
        let best: number | null = null;
        for (let i = start; i < end; i++) {
          const v = s.values[i];
          if (v !== null && v !== undefined && (best === null || Math.abs(v) > Math.abs(best))) {
            best = v;
          }
        }
        return best;
      }),
    })),
  };
}

/** A pie of at most maxSlices: the largest slices, then the rest summed as 'Other'. */
export function limitPie(chart: ChartModel, maxSlices = maxPieSlices): ChartModel {
  const first = chart.series[0];
  if (!first || chart.labels.length <= maxSlices) return chart;
  const order = chart.labels
    .map((_, i) => i)
    .sort((a, b) => (first.values[b] ?? 0) - (first.values[a] ?? 0) || a - b);
  const kept = order.slice(0, maxSlices - 1).sort((a, b) => a - b);
  const rest = order.slice(maxSlices - 1).reduce((sum, i) => sum + (first.values[i] ?? 0), 0);
  return {
    ...chart,
    labels: [...kept.map((i) => chart.labels[i] as string), "Other"],
    series: [{ ...first, values: [...kept.map((i) => first.values[i] ?? null), rest] }],
  };
}

/** The chart as it is drawn: long series thinned or binned by type, so drawing stays fast. */
export function drawableChart(chart: ChartModel): ChartModel {
  if (chart.type === "bar") return binBars(chart);
  if (chart.type === "pie") return limitPie(chart);
  return thinLine(chart);
}
