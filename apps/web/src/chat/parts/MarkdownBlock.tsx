import { memo } from "react";
import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import { remarkGfmParse } from "../../lib/remark-gfm-parse.js";

const remarkPlugins = [remarkGfmParse];
const rehypePlugins = [rehypeSanitize];

/** Links from agents open in a new tab and pass neither the opener nor our ranking. */
const components: Components = {
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

/**
 * One top-level markdown block. Memoised on its text, so while a reply streams only the last,
 * growing block is parsed again.
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </Markdown>
  );
});
