import type { ArtifactViewProps } from "../ArtifactView.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { JsonTree } from "./JsonTree.js";

/** The value a JSON artifact shows: its single data part, or all its parts' contents. */
function jsonValue(parts: ArtifactViewProps["artifact"]["parts"]): unknown {
  const values = parts.map((part) =>
    part.kind === "data" ? part.data : part.kind === "text" ? part.text : part.file,
  );
  return values.length === 1 ? values[0] : values;
}

/** The JSON viewer: formatted, collapsible (core spec §2.4). */
export function JsonView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Data";
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {artifact.parts.length === 0 ? (
        <ViewerNotice title="No data available" />
      ) : (
        <JsonTree value={jsonValue(artifact.parts)} label={title} />
      )}
    </ArtifactFrame>
  );
}
