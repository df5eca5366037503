import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { MarkdownContent } from "./MarkdownContent.js";
import { readMarkdown } from "./markdown-data.js";

/** The markdown viewer: sanitised markdown from a text part or the data's content. */
export function MarkdownView({ artifact, streaming }: ArtifactViewProps) {
  const text = readMarkdown(artifact);
  return (
    <ArtifactFrame
      title={artifact.name ?? "Document"}
      toolName={artifact.metadata.tool_name}
      streaming={streaming}
    >
      {text === undefined || text.trim() === "" ? (
        <ViewerNotice title="No content available" />
      ) : (
        <MarkdownContent text={text} />
      )}
    </ArtifactFrame>
  );
}
