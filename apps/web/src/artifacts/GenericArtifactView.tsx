import type { Part } from "@a2a-chat/contracts";
import type { ArtifactViewProps } from "./artifact-view-props.js";
import { ArtifactFrame } from "./shared/ArtifactFrame.js";

function partText(part: Part): string {
  if (part.kind === "text") return part.text;
  if (part.kind === "data") return JSON.stringify(part.data, null, 2);
  // Inline bytes can be megabytes of base64: show their size, not their content.
  const { bytes, ...file } = part.file;
  return JSON.stringify(
    bytes === undefined ? file : { ...file, bytes: `${bytes.length} base64 characters` },
    null,
    2,
  );
}

/** The fallback for artifact types without a viewer: name, type and every part as text or JSON. */
export function GenericArtifactView({ artifact, streaming }: ArtifactViewProps) {
  return (
    <ArtifactFrame
      title={artifact.name ?? artifact.artifactId}
      toolName={artifact.metadata.tool_name}
      streaming={streaming}
    >
      <p className="text-xs text-neutral-400">
        Type: <span className="font-mono">{artifact.metadata.artifact_type}</span>
      </p>
      {artifact.parts.map((part, i) => (
        <pre
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no id
          key={i}
          className="max-h-96 overflow-auto whitespace-pre-wrap rounded-md border border-border bg-neutral-950 p-3 font-mono text-xs text-neutral-200"
        >
          {partText(part)}
        </pre>
      ))}
    </ArtifactFrame>
  );
}
