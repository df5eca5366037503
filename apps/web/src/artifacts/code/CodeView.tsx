import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { codeLines, emptyCodeMessage, normalizeLanguage, readCode } from "./code-data.js";
import type { HighlightedToken } from "./shiki-highlighter.js";
import { useHighlightedTokens } from "./useHighlightedTokens.js";

function Tokens({ tokens }: { tokens: readonly HighlightedToken[] }) {
  return tokens.map((token, t) => (
    <span
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens are identified by their position
      key={t}
      style={{
        color: token.color,
        fontStyle: token.italic ? "italic" : undefined,
        fontWeight: token.bold ? "bold" : undefined,
      }}
    >
      {token.content}
    </span>
  ));
}

function CodeBlock({
  code,
  language,
  lineNumbers,
}: {
  code: string;
  language: string;
  lineNumbers: boolean;
}) {
  const highlighted = useHighlightedTokens(code, normalizeLanguage(language));
  const lines = codeLines(code);
  const gutter = `${String(lines.length).length}ch`;
  return (
    <pre
      className="overflow-x-auto rounded-md border border-border bg-neutral-950 p-3 font-mono text-xs leading-5 text-neutral-200"
      data-highlighted={highlighted ? "true" : "false"}
    >
      <code>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are identified by their position
          <span key={i} className="block min-h-5">
            {lineNumbers ? (
              <span
                aria-hidden="true"
                className="mr-4 inline-block select-none text-right text-neutral-600"
                style={{ width: gutter }}
              >
                {i + 1}
              </span>
            ) : null}
            {highlighted?.[i] ? <Tokens tokens={highlighted[i]} /> : line}
          </span>
        ))}
      </code>
    </pre>
  );
}

/** The code viewer: highlighted lazily, plain until then, with line numbers (core spec §2.4). */
export function CodeView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Code";
  const content = readCode(artifact);
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {"error" in content ? (
        <ViewerNotice tone="error" title={content.error} />
      ) : content.code.trim() === "" ? (
        <ViewerNotice title={emptyCodeMessage} />
      ) : (
        <div className="flex flex-col gap-2">
          {content.filename || content.language !== "text" ? (
            <p className="text-xs text-neutral-400">
              {content.filename ? <span className="font-mono">{content.filename}</span> : null}
              {content.filename && content.language !== "text" ? " · " : null}
              {content.language !== "text" ? content.language : null}
            </p>
          ) : null}
          {content.description ? (
            <p className="text-sm text-neutral-300">{content.description}</p>
          ) : null}
          <CodeBlock
            code={content.code}
            language={content.language}
            lineNumbers={content.lineNumbers}
          />
        </div>
      )}
    </ArtifactFrame>
  );
}
