import { describe, expect, it } from "vitest";
import {
  binBars,
  type ChartModel,
  chartHeight,
  chartPalette,
  chartRows,
  chartTypeOf,
  drawableChart,
  isChartProblem,
  limitPie,
  maxDrawnBars,
  maxDrawnLinePoints,
  maxPieSlices,
  pieOuterRadius,
  readChart,
  seriesColor,
  thinLine,
  xAxisLayout,
} from "./chart-data.js";

const sample = {
  labels: ["Jan", "Feb", "Mar"],
  datasets: [{ label: "Revenue", data: [1, "2", "x"], color: "#123456" }, { data: [4, 5, 6] }],
};

describe("chart constants", () => {
  it("match core spec §9", () => {
    expect(chartHeight).toBe(400);
    expect(pieOuterRadius).toBe(80);
    expect(chartPalette).toHaveLength(8);
    expect(chartPalette[0]).toBe("#f97316");
  });
});

describe("readChart", () => {
  it("reads labels and datasets into series", () => {
    const chart = readChart(sample, { chart_type: "line", title: "Sales" });
    expect(chart).toEqual({
      type: "line",
      title: "Sales",
      labels: ["Jan", "Feb", "Mar"],
      series: [
        { key: "s0", label: "Revenue", values: [1, 2, null], color: "#123456" },
        { key: "s1", label: "Series 2", values: [4, 5, 6], color: chartPalette[1] },
      ],
    });
  });

  it("refuses data without labels and datasets arrays", () => {
    expect(readChart({ labels: ["a"] })).toEqual({
      error: "Invalid chart data",
      detail: "Data must have labels and datasets",
    });
    expect(readChart({ labels: "a", datasets: [] })).toEqual({
      error: "Invalid chart data",
      detail: "Data must have labels and datasets",
    });
  });

  it("refuses data it cannot draw", () => {
    expect(readChart(null)).toEqual({ error: "Invalid chart data" });
    expect(readChart({ labels: [], datasets: [] })).toEqual({ error: "Invalid chart data" });
    expect(readChart({ labels: ["a"], datasets: [{ label: "x" }] })).toEqual({
      error: "Invalid chart data",
    });
    expect(readChart({ labels: ["a"], datasets: [{ data: ["?"] }] })).toEqual({
      error: "Invalid chart data",
    });
  });

  it("takes the title from the data when the hints have none", () => {
    const chart = readChart({ ...sample, title: "From data" });
    expect(!isChartProblem(chart) && chart.title).toBe("From data");
  });
});

describe("chartTypeOf", () => {
  it("prefers the hints, then data.type, then data.chart_type, else bar", () => {
    expect(chartTypeOf({ chart_type: "pie" }, { type: "line" })).toBe("pie");
    expect(chartTypeOf({}, { type: "area" })).toBe("area");
    expect(chartTypeOf({}, { chart_type: "line" })).toBe("line");
    expect(chartTypeOf({ chart_type: "radar" }, {})).toBe("bar");
  });
});

describe("seriesColor", () => {
  it("keeps a dataset's colour, else cycles the palette", () => {
    expect(seriesColor("#fff", 3)).toBe("#fff");
    expect(seriesColor(undefined, 0)).toBe("#f97316");
    expect(seriesColor("", 9)).toBe(chartPalette[1]);
  });
});

describe("chartRows", () => {
  it("makes one row per label", () => {
    const chart = readChart(sample);
    if (isChartProblem(chart)) throw new Error("expected a chart");
    expect(chartRows(chart)).toEqual([
      { label: "Jan", s0: 1, s1: 4 },
      { label: "Feb", s0: 2, s1: 5 },
      { label: "Mar", s0: null, s1: 6 },
    ]);
  });
});

describe("xAxisLayout", () => {
  const months = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  const days = Array.from({ length: 31 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);

  it("shows every label straight when they fit", () => {
    expect(xAxisLayout(months, 640)).toEqual({ interval: 0, angle: 0, height: 30 });
    expect(xAxisLayout(months, 500)).toEqual({ interval: 0, angle: 0, height: 30 });
  });

  it("slants every label when only that fits, with room below for them", () => {
    const narrow = xAxisLayout(months, 360);
    expect(narrow).toMatchObject({ interval: 0, angle: -40 });
    expect(narrow.height).toBeGreaterThan(30);
    expect(xAxisLayout(days, 900)).toMatchObject({ interval: 0, angle: -40 });
  });

  it("shows every n-th label, evenly, only when not even slanted ones fit", () => {
    expect(xAxisLayout(days, 360).interval).toBe(2);
    expect(xAxisLayout(days, 360).angle).toBe(-40);
    const long = Array.from({ length: 10_000 }, (_, i) => `P${i}`);
    expect(xAxisLayout(long, 640).interval).toBe(336);
  });
});

function line(values: number[], type: ChartModel["type"] = "line"): ChartModel {
  return {
    type,
    labels: values.map((_, i) => `L${i}`),
    series: [{ key: "s0", label: "A", values, color: "#000" }],
  };
}

describe("drawing long series", () => {
  it("leaves short series alone", () => {
    const chart = line([1, 2, 3]);
    expect(drawableChart(chart)).toBe(chart);
    expect(drawableChart({ ...chart, type: "bar" })).toEqual({ ...chart, type: "bar" });
  });

  it("thins lines keeping each bucket's extremes", () => {
    const values = Array.from({ length: 100 }, (_, i) => (i === 42 ? 1000 : i === 77 ? -5 : 1));
    const thinned = thinLine(line(values), 10);
    expect(thinned.labels.length).toBeLessThanOrEqual(10);
    expect(thinned.labels).toContain("L42");
    expect(thinned.labels).toContain("L77");
    expect(thinned.series[0]?.values).toContain(1000);
    expect(thinned.series[0]?.values).toContain(-5);
  });

  it("bins bars keeping the value farthest from zero", () => {
    const values = Array.from({ length: 10 }, (_, i) => (i === 3 ? -9 : i));
    const binned = binBars(line(values, "bar"), 2);
    expect(binned.labels).toEqual(["L0 – L4", "L5 – L9"]);
    expect(binned.series[0]?.values).toEqual([-9, 9]);
  });

  it("limits pies to the largest slices plus Other", () => {
    const pie = limitPie(line([5, 1, 4, 2, 3], "pie"), 3);
    expect(pie.labels).toEqual(["L0", "L2", "Other"]);
    expect(pie.series[0]?.values).toEqual([5, 4, 6]);
  });

  it("draws 10,000 points as at most the drawn limits", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => Math.sin(i / 50));
    expect(drawableChart(line(values)).labels.length).toBeLessThanOrEqual(maxDrawnLinePoints);
    expect(drawableChart(line(values, "bar")).labels).toHaveLength(maxDrawnBars);
    expect(drawableChart(line(values, "pie")).labels).toHaveLength(maxPieSlices);
  });
});
