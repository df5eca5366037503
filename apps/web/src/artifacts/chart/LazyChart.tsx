import { lazy, Suspense } from "react";
import { type ChartModel, chartHeight } from "./chart-data.js";

// recharts is large: it is fetched only when the first chart is shown.
const ChartCanvas = lazy(() => import("./ChartCanvas.js"));

/** A chart whose drawing library loads on demand, with a placeholder of the final height. */
export function LazyChart({ chart, width }: { chart: ChartModel; width?: number }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          style={{ height: chartHeight }}
          className="flex items-center justify-center text-sm text-neutral-500"
        >
          Loading chart...
        </div>
      }
    >
      <ChartCanvas chart={chart} {...(width === undefined ? {} : { width })} />
    </Suspense>
  );
}
