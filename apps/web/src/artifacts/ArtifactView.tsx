import { mcpAppMarkerOf } from "@a2a-chat/contracts";
import { type ComponentType, lazy, Suspense } from "react";
import type { ArtifactViewProps } from "./artifact-view-props.js";
import { ArtifactFiles, FilesView } from "./files/FilesView.js";
import { GenericArtifactView } from "./GenericArtifactView.js";
import { MarkdownView } from "./markdown/MarkdownView.js";
import { artifactFiles } from "./shared/artifact-data.js";
import { ViewerErrorBoundary } from "./shared/ViewerErrorBoundary.js";

// Viewers load on first use so the chat's own script stays small (the bundle budget of /chat);
// markdown shares the chat's markdown renderer, so it costs nothing extra and stays eager.
const TableView = lazy(() =>
  import("./table/TableView.js").then((m) => ({ default: m.TableView })),
);
const ChartView = lazy(() =>
  import("./chart/ChartView.js").then((m) => ({ default: m.ChartView })),
);
const CodeView = lazy(() => import("./code/CodeView.js").then((m) => ({ default: m.CodeView })));
const TreeView = lazy(() => import("./tree/TreeView.js").then((m) => ({ default: m.TreeView })));
const FormView = lazy(() => import("./form/FormView.js").then((m) => ({ default: m.FormView })));
const DashboardView = lazy(() =>
  import("./dashboard/DashboardView.js").then((m) => ({ default: m.DashboardView })),
);
const PresentationCardView = lazy(() =>
  import("./presentation-card/PresentationCardView.js").then((m) => ({
    default: m.PresentationCardView,
  })),
);
const KnowledgeQueryView = lazy(() =>
  import("./knowledge-query/KnowledgeQueryView.js").then((m) => ({
    default: m.KnowledgeQueryView,
  })),
);
const JsonView = lazy(() => import("./json/JsonView.js").then((m) => ({ default: m.JsonView })));
// A result an MCP App shows (metadata.mcp_app) is shown by its app, whatever its data's type.
const McpAppView = lazy(() =>
  import("./mcp-app/McpAppView.js").then((m) => ({ default: m.McpAppView })),
);

const viewers: Record<string, ComponentType<ArtifactViewProps>> = {
  table: TableView,
  chart: ChartView,
  code: CodeView,
  tree: TreeView,
  form: FormView,
  dashboard: DashboardView,
  presentation_card: PresentationCardView,
  knowledge_query: KnowledgeQueryView,
  markdown: MarkdownView,
  text: MarkdownView,
  json: JsonView,
  file: FilesView,
};

/** Viewers that show an artifact's file parts themselves; the others get them shown below. */
const showsFiles = new Set<ComponentType<ArtifactViewProps>>([FilesView, GenericArtifactView]);

/** Shown while a viewer's code loads. */
export function loadingViewerText(artifactType: string): string {
  return `Loading ${artifactType.replace(/_/g, " ")}...`;
}

/** The viewer of an artifact's type (metadata.artifact_type); unknown types get the generic view. */
export function viewerFor(artifactType: string): ComponentType<ArtifactViewProps> {
  return Object.hasOwn(viewers, artifactType)
    ? (viewers[artifactType] as ComponentType<ArtifactViewProps>)
    : GenericArtifactView;
}

/**
 * Shows an artifact with the viewer of its type (core spec §2.4), then the files (a tool's
 * images) the viewer does not show itself.
 */
export function ArtifactView(props: ArtifactViewProps) {
  const Viewer = mcpAppMarkerOf(props.artifact.metadata)
    ? McpAppView
    : viewerFor(props.artifact.metadata.artifact_type);
  const files = showsFiles.has(Viewer) ? [] : artifactFiles(props.artifact);
  const view = (
    <ViewerErrorBoundary
      key={props.artifact.artifactId}
      fallback={<GenericArtifactView {...props} />}
    >
      <Suspense
        fallback={
          <p
            aria-busy="true"
            className="rounded-lg border border-border p-4 text-sm text-neutral-400"
          >
            {loadingViewerText(props.artifact.metadata.artifact_type)}
          </p>
        }
      >
        <Viewer {...props} />
      </Suspense>
    </ViewerErrorBoundary>
  );
  if (files.length === 0) return view;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {view}
      <ArtifactFiles files={files} />
    </div>
  );
}
