import { type ReactElement, useMemo, useState } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  type ChartModel,
  chartHeight,
  chartPalette,
  chartRows,
  drawableChart,
  largeSeriesPoints,
  pieOuterRadius,
  xAxisLayout,
} from "./chart-data.js";

/** What the canvas draws; a fixed width skips measuring the container (tests, fixed layouts). */
export interface ChartCanvasProps {
  chart: ChartModel;
  width?: number;
  /** Animate the drawing; by default only when the user does not prefer reduced motion. */
  animate?: boolean;
}

interface DrawOptions {
  size: { width?: number; height: number };
  /** The width the chart is drawn at (measured when it fills its container). */
  drawnWidth: number;
  animate: boolean;
}

/** Width assumed before the container is measured: the chat column at 1280 px. */
const assumedWidth = 640;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

const axisStyle = { fontSize: 12, fill: "#a3a3a3" };
const tooltipStyle = { backgroundColor: "#171717", border: "1px solid #404040", color: "#f5f5f5" };

function cartesian(
  chart: ChartModel,
  { size, drawnWidth, animate: wanted }: DrawOptions,
): ReactElement {
  const rows = chartRows(chart);
  const large = chart.labels.length > largeSeriesPoints;
  // Animating or dotting thousands of points costs far more than it shows.
  const animate = wanted && !large;
  const common = { data: rows, ...size, margin: { top: 8, right: 16, bottom: 8, left: 0 } };
  const x = xAxisLayout(chart.labels, drawnWidth);
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#404040" />,
    <XAxis
      key="x"
      dataKey="label"
      tick={axisStyle}
      interval={x.interval}
      angle={x.angle}
      textAnchor={x.angle === 0 ? "middle" : "end"}
      height={x.height}
    />,
    <YAxis key="y" tick={axisStyle} />,
    <Tooltip key="tooltip" contentStyle={tooltipStyle} />,
    <Legend key="legend" />,
  ];
  if (chart.type === "line") {
    return (
      <LineChart {...common}>
        {axes}
        {chart.series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={!large}
            isAnimationActive={animate}
          />
        ))}
      </LineChart>
    );
  }
  if (chart.type === "area") {
    return (
      <AreaChart {...common}>
        {axes}
        {chart.series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.25}
            isAnimationActive={animate}
          />
        ))}
      </AreaChart>
    );
  }
  return (
    <BarChart {...common}>
      {axes}
      {chart.series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.color}
          isAnimationActive={animate}
        />
      ))}
    </BarChart>
  );
}

function pie(chart: ChartModel, { size, animate }: DrawOptions): ReactElement {
  const first = chart.series[0];
  const slices = chart.labels.map((label, i) => ({
    label,
    value: first?.values[i] ?? 0,
    fill: chartPalette[i % chartPalette.length],
  }));
  return (
    <PieChart {...size}>
      <Pie
        data={slices}
        dataKey="value"
        nameKey="label"
        outerRadius={pieOuterRadius}
        isAnimationActive={animate}
        label={slices.length <= 12}
      />
      <Tooltip contentStyle={tooltipStyle} />
      <Legend />
    </PieChart>
  );
}

/**
 * The recharts drawing of a validated chart; loaded on demand (see LazyChart). Long series are
 * thinned first (drawableChart): 10,000 points would otherwise mean 10,000 SVG elements.
 */
export default function ChartCanvas({ chart, width, animate }: ChartCanvasProps) {
  const drawn = useMemo(() => drawableChart(chart), [chart]);
  const [measured, setMeasured] = useState<number>();
  const draw = drawn.type === "pie" ? pie : cartesian;
  const motion = animate ?? !prefersReducedMotion();
  if (width !== undefined) {
    return draw(drawn, {
      size: { width, height: chartHeight },
      drawnWidth: width,
      animate: motion,
    });
  }
  return (
    <ResponsiveContainer
      width="100%"
      height={chartHeight}
      onResize={(w) => setMeasured((current) => (current === w ? current : w))}
    >
      {draw(drawn, {
        size: { height: chartHeight },
        drawnWidth: measured ?? assumedWidth,
        animate: motion,
      })}
    </ResponsiveContainer>
  );
}
