import { useMemo } from "react";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart, renderingHints } from "../shared/artifact-data.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { isChartProblem, noChartDataPartMessage, readChart } from "./chart-data.js";
import { LazyChart } from "./LazyChart.js";

/** The chart viewer: bar, line, area or pie from labels and datasets (core spec §2.4, §5). */
export function ChartView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Chart";
  const data = firstDataPart(artifact);
  const chart = useMemo(
    () => (data ? readChart(data, renderingHints(artifact)) : undefined),
    [data, artifact],
  );
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {!chart ? (
        <ViewerNotice tone="error" title="Invalid chart data" detail={noChartDataPartMessage} />
      ) : isChartProblem(chart) ? (
        <ViewerNotice
          tone="error"
          title={chart.error}
          {...(chart.detail ? { detail: chart.detail } : {})}
        />
      ) : (
        <figure className="m-0 flex flex-col gap-2">
          {chart.title ? (
            <figcaption className="text-sm font-medium text-neutral-300">{chart.title}</figcaption>
          ) : null}
          <LazyChart chart={chart} />
        </figure>
      )}
    </ArtifactFrame>
  );
}
