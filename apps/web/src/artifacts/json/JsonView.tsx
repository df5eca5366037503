import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { JsonTree } from "./JsonTree.js";

type Parts = ArtifactViewProps["artifact"]["parts"];

/** The value a JSON artifact shows: its single data part, or its parts' contents (files are shown apart). */
function jsonValue(parts: Parts): unknown {
  const values = parts.flatMap((part): unknown[] =>
    part.kind === "data" ? [part.data] : part.kind === "text" ? [part.text] : [],
  );
  return values.length === 1 ? values[0] : values;
}

/** Text parts alone are shown as text, not as a quoted JSON string. */
function onlyText(parts: Parts): string | undefined {
  const shown = parts.filter((part) => part.kind !== "file");
  if (shown.length === 0 || !shown.every((part) => part.kind === "text")) return undefined;
  return shown.map((part) => (part.kind === "text" ? part.text : "")).join("\n\n");
}

/** The JSON viewer: formatted, collapsible (core spec §2.4). */
export function JsonView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Data";
  const text = onlyText(artifact.parts);
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {artifact.parts.length === 0 ? (
        <ViewerNotice title="No data available" />
      ) : text !== undefined ? (
        <p className="whitespace-pre-wrap break-words text-sm text-neutral-200">{text}</p>
      ) : (
        <JsonTree value={jsonValue(artifact.parts)} label={title} />
      )}
    </ArtifactFrame>
  );
}
