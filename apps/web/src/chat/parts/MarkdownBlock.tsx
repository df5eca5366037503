import { memo, useRef } from "react";
import {
  type MarkdownComponents,
  type ParsedMarkdown,
  parseMarkdown,
  renderMarkdownTree,
} from "../../lib/markdown.js";
import { extendParsed } from "../../lib/markdown-extend.js";

/** Links from agents open in a new tab and pass neither the opener nor our ranking. */
const components: MarkdownComponents = {
  a: ({ node: _node, children, ...props }) => (
    <a
      {...props}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-primary-400 underline hover:text-primary-300"
    >
      {children}
    </a>
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      {...props}
      className="my-2 overflow-x-auto rounded-md border border-border bg-neutral-900 p-3 text-xs"
    />
  ),
};

/** A block's last parse, and whether it was a full one (not extended from an earlier text). */
interface LastParse {
  parsed: ParsedMarkdown;
  full: boolean;
}

/**
 * One top-level markdown block. Memoised on its text, so while a reply streams only the last,
 * growing block is parsed again; while it grows by plain words its previous parse is extended
 * instead (see extendParsed). Once it stops growing it is parsed in full, so what stays on screen
 * is always a full parse.
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  growing = false,
}: {
  text: string;
  /** The last block of a streaming reply: its text only gets longer. */
  growing?: boolean;
}) {
  const last = useRef<LastParse | undefined>(undefined);
  const previous = last.current;
  const extended = growing && previous ? extendParsed(previous.parsed, text) : undefined;
  if (extended) {
    last.current = { parsed: extended, full: false };
  } else if (!(previous?.full && previous.parsed.source === text)) {
    last.current = { parsed: parseMarkdown(text), full: true };
  }
  return renderMarkdownTree((last.current as LastParse).parsed.tree, components);
});
