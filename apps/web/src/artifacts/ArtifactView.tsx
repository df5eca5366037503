import type { Artifact } from "@a2a-chat/contracts";
import type { ComponentType } from "react";
import { ChartView } from "./chart/ChartView.js";
import { CodeView } from "./code/CodeView.js";
import { DashboardView } from "./dashboard/DashboardView.js";
import { FormView } from "./form/FormView.js";
import { GenericArtifactView } from "./GenericArtifactView.js";
import { JsonView } from "./json/JsonView.js";
import { KnowledgeQueryView } from "./knowledge-query/KnowledgeQueryView.js";
import { MarkdownView } from "./markdown/MarkdownView.js";
import { PresentationCardView } from "./presentation-card/PresentationCardView.js";
import { ViewerErrorBoundary } from "./shared/ViewerErrorBoundary.js";
import { TableView } from "./table/TableView.js";
import { TreeView } from "./tree/TreeView.js";

/** Props every artifact viewer receives. */
export interface ArtifactViewProps {
  artifact: Artifact;
  /** Sends a message to the conversation's agent (form submit, card call-to-action). */
  onSendMessage?: (text: string) => Promise<void>;
  /** True while the artifact is still receiving chunks. */
  streaming?: boolean;
}

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
};

/** The viewer of an artifact's type (metadata.artifact_type); unknown types get the generic view. */
export function viewerFor(artifactType: string): ComponentType<ArtifactViewProps> {
  return Object.hasOwn(viewers, artifactType)
    ? (viewers[artifactType] as ComponentType<ArtifactViewProps>)
    : GenericArtifactView;
}

/** Shows an artifact with the viewer of its type (core spec §2.4). */
export function ArtifactView(props: ArtifactViewProps) {
  const Viewer = viewerFor(props.artifact.metadata.artifact_type);
  return (
    <ViewerErrorBoundary
      key={props.artifact.artifactId}
      fallback={<GenericArtifactView {...props} />}
    >
      <Viewer {...props} />
    </ViewerErrorBoundary>
  );
}
