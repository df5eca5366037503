import { useMemo } from "react";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart, renderingHints } from "../shared/artifact-data.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { DashboardSectionView } from "./DashboardSectionView.js";
import { invalidDashboardMessage, readDashboard } from "./dashboard-data.js";

/** The dashboard viewer: sections in layout order, stacked or in two columns (core spec §2.4). */
export function DashboardView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Dashboard";
  const data = firstDataPart(artifact);
  const dashboard = useMemo(
    () => (data ? readDashboard(data, renderingHints(artifact)) : undefined),
    [data, artifact],
  );
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {!dashboard ? (
        <ViewerNotice tone="error" title={invalidDashboardMessage} />
      ) : "error" in dashboard ? (
        <ViewerNotice
          tone="error"
          title={dashboard.error}
          {...(dashboard.detail ? { detail: dashboard.detail } : {})}
        />
      ) : (
        <div className="flex flex-col gap-3">
          {dashboard.title || dashboard.description ? (
            <div>
              {dashboard.title ? (
                <p className="font-medium text-neutral-100">{dashboard.title}</p>
              ) : null}
              {dashboard.description ? (
                <p className="text-sm text-neutral-400">{dashboard.description}</p>
              ) : null}
            </div>
          ) : null}
          <div
            data-layout={dashboard.layout}
            className={
              dashboard.layout === "grid"
                ? "grid grid-cols-1 gap-3 md:grid-cols-2"
                : "flex flex-col gap-3"
            }
          >
            {dashboard.sections.map((section) => (
              <DashboardSectionView key={section.id} section={section} />
            ))}
          </div>
        </div>
      )}
    </ArtifactFrame>
  );
}
