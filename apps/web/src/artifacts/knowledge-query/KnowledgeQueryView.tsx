import type { ArtifactViewProps } from "../artifact-view-props.js";
import { MarkdownContent } from "../markdown/MarkdownContent.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart } from "../shared/artifact-data.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { knowledgeThemeClasses, noKnowledgeMessage, readKnowledge } from "./knowledge-data.js";

/** The knowledge query viewer: the answer as markdown in its theme, with its sources. */
export function KnowledgeQueryView({ artifact, streaming }: ArtifactViewProps) {
  const result = readKnowledge(firstDataPart(artifact));
  return (
    <ArtifactFrame
      title={artifact.name ?? "Knowledge"}
      toolName={artifact.metadata.tool_name}
      streaming={streaming}
    >
      {!result ? (
        <ViewerNotice title={noKnowledgeMessage} />
      ) : (
        <div
          data-found={result.found}
          className={`rounded-md border p-3 ${knowledgeThemeClasses(result.theme)}`}
        >
          <MarkdownContent text={result.content} />
          {result.sources.length > 0 ? (
            <div className="mt-3 border-t border-border pt-2 text-xs text-neutral-400">
              <p className="font-medium text-neutral-300">Sources</p>
              <ul className="list-disc pl-5">
                {result.sources.map((source) => (
                  <li key={`${source.title}:${source.file ?? ""}`}>
                    {source.title}
                    {source.file ? <span className="font-mono"> ({source.file})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </ArtifactFrame>
  );
}
