import { memo, useRef } from "react";
import { CopyButton } from "./CopyButton.js";
import { looksLikeCode } from "./looksLikeCode.js";
import { MarkdownBlock } from "./MarkdownBlock.js";
import { type MarkdownBlocks, updateMarkdownBlocks } from "./markdown-blocks.js";

const proseClasses =
  "space-y-3 break-words text-sm leading-relaxed [&_code]:rounded [&_code]:bg-neutral-800 [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:border-border [&_pre]:bg-neutral-900 [&_pre]:p-3 [&_pre]:text-xs [&_pre_code]:rounded-none [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_table]:text-xs [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3";

/**
 * A text part (core spec §2.3): markdown, or a preformatted block when it looks like code, with a
 * copy button. The markdown is split into blocks incrementally so a streamed token costs the same
 * however long the reply already is.
 */
export const TextPart = memo(function TextPart({
  text,
  streaming = false,
}: {
  text: string;
  /** True while the reply is still streaming: its last block is still growing. */
  streaming?: boolean;
}) {
  const blocksRef = useRef<MarkdownBlocks | undefined>(undefined);
  const code = looksLikeCode(text);
  let blocks: string[] = [];
  if (!code) {
    blocksRef.current = updateMarkdownBlocks(blocksRef.current, text);
    blocks = blocksRef.current.blocks;
  }
  return (
    <div className="group relative">
      <div className="absolute top-0 right-0 opacity-70 group-hover:opacity-100">
        <CopyButton text={text} title="Copy text" />
      </div>
      {code ? (
        <pre className="overflow-x-auto rounded-md border border-border bg-neutral-900 p-3 pr-14 text-xs whitespace-pre">
          <code>{text}</code>
        </pre>
      ) : (
        <div className="pr-14 text-neutral-100">
          <div className={proseClasses}>
            {blocks.map((block, index) => (
              // Keyed by position: a block's index never changes while the text only grows.
              <MarkdownBlock
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional by design
                key={index}
                text={block}
                growing={streaming && index === blocks.length - 1}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
});
