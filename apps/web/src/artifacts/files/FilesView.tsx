import type { FileContent } from "@a2a-chat/contracts";
import { FilePart } from "../../chat/parts/FilePart.js";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { artifactFiles, firstTextPart } from "../shared/artifact-data.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";

/** An artifact's files, images shown inline, each with its download link. */
export function ArtifactFiles({ files }: { files: FileContent[] }) {
  return (
    <ul aria-label="Files" className="flex flex-wrap gap-3">
      {files.map((file, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: files have no id
        <li key={i}>
          <FilePart file={file} />
        </li>
      ))}
    </ul>
  );
}

/** The viewer of a file artifact (a tool's image, a document): its caption text and its files. */
export function FilesView({ artifact, streaming }: ArtifactViewProps) {
  const files = artifactFiles(artifact);
  const caption = firstTextPart(artifact);
  return (
    <ArtifactFrame
      title={artifact.name ?? "Files"}
      toolName={artifact.metadata.tool_name}
      streaming={streaming}
    >
      {caption ? <p className="whitespace-pre-wrap text-sm text-neutral-200">{caption}</p> : null}
      {files.length === 0 ? (
        <ViewerNotice title="No files available" />
      ) : (
        <ArtifactFiles files={files} />
      )}
    </ArtifactFrame>
  );
}
