import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ChartCanvas from "./ChartCanvas.js";
import { type ChartModel, chartPalette } from "./chart-data.js";

function model(type: ChartModel["type"], points: number, seriesCount = 1): ChartModel {
  const labels = Array.from({ length: points }, (_, i) => `P${i}`);
  return {
    type,
    labels,
    series: Array.from({ length: seriesCount }, (_, s) => ({
      key: `s${s}`,
      label: `Series ${s}`,
      values: labels.map((_, i) => ((i * 37 + s * 11) % 100) + 1),
      color: chartPalette[s] as string,
    })),
  };
}

describe("ChartCanvas", () => {
  it("draws one bar per point and series, 400 px high", () => {
    const { container } = render(
      <ChartCanvas chart={model("bar", 3, 2)} width={600} animate={false} />,
    );
    expect(container.querySelector(".recharts-wrapper")).toHaveStyle({ height: "400px" });
    expect(container.querySelectorAll(".recharts-bar-rectangle")).toHaveLength(6);
  });

  it("draws a pie with palette colours and radius 80", () => {
    const { container } = render(
      <ChartCanvas chart={model("pie", 3)} width={600} animate={false} />,
    );
    const sectors = [...container.querySelectorAll("path.recharts-sector")];
    expect(sectors).toHaveLength(3);
    expect(sectors.map((s) => s.getAttribute("fill"))).toEqual(chartPalette.slice(0, 3));
    // A sector's path starts on its outer arc: 80 px from the centre (300, 200).
    const [, x, y] = /^M\s*([\d.]+),([\d.]+)/.exec(sectors[0]?.getAttribute("d") ?? "") ?? [];
    expect(Math.hypot(Number(x) - 300, Number(y) - 200)).toBeCloseTo(80, 0);
  });

  it("draws lines with dots for small series and none for large ones", () => {
    const small = render(<ChartCanvas chart={model("line", 5)} width={600} animate={false} />);
    expect(small.container.querySelectorAll(".recharts-line-dot").length).toBe(5);
    small.unmount();
    const large = render(<ChartCanvas chart={model("line", 1000)} width={600} />);
    expect(large.container.querySelector(".recharts-line-curve")).not.toBeNull();
    expect(large.container.querySelectorAll(".recharts-line-dot")).toHaveLength(0);
  });

  it.each([1280, 640, 360])(
    "writes every month under a 12-point line chart %i px wide",
    (width) => {
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
      const chart = { ...model("line", 12), labels: months };
      const { container } = render(<ChartCanvas chart={chart} width={width} animate={false} />);
      const ticks = [
        ...container.querySelectorAll(
          ".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value",
        ),
      ];
      expect(ticks.map((t) => t.textContent)).toEqual(months);
    },
  );

  it("draws areas", () => {
    const { container } = render(
      <ChartCanvas chart={model("area", 4, 2)} width={600} animate={false} />,
    );
    expect(container.querySelectorAll(".recharts-area-area")).toHaveLength(2);
  });

  // Printed, not asserted: the test machine is shared. jsdom is slower than a browser.
  it.each(["line", "area", "bar", "pie"] as const)("times a %s chart of 10,000 points", (type) => {
    const chart = model(type, 10_000);
    const start = performance.now();
    const { container } = render(<ChartCanvas chart={chart} width={800} />);
    const ms = performance.now() - start;
    console.log(`[perf] ${type} chart, 10,000 points: ${ms.toFixed(1)} ms`);
    expect(container.querySelector("svg")).not.toBeNull();
  });
});
