import type { ComponentProps } from "react";
import { type MarkdownComponents, renderMarkdown } from "../../lib/markdown.js";

// Agent text is untrusted: renderMarkdown drops raw HTML, scripts and javascript: links.

function Link({ node: _node, ...props }: ComponentProps<"a"> & { node?: unknown }) {
  return (
    <a
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary-400 underline underline-offset-2 hover:text-primary-300"
    />
  );
}

const components: MarkdownComponents = {
  a: Link,
  h1: ({ node: _n, ...props }) => <h1 className="mt-3 mb-2 text-xl font-semibold" {...props} />,
  h2: ({ node: _n, ...props }) => <h2 className="mt-3 mb-2 text-lg font-semibold" {...props} />,
  h3: ({ node: _n, ...props }) => <h3 className="mt-2 mb-1 text-base font-semibold" {...props} />,
  p: ({ node: _n, ...props }) => <p className="my-2 leading-relaxed" {...props} />,
  ul: ({ node: _n, ...props }) => <ul className="my-2 list-disc pl-5" {...props} />,
  ol: ({ node: _n, ...props }) => <ol className="my-2 list-decimal pl-5" {...props} />,
  pre: ({ node: _n, ...props }) => (
    <pre className="my-2 overflow-x-auto rounded-md bg-neutral-950 p-3 text-xs" {...props} />
  ),
  code: ({ node: _n, ...props }) => (
    <code className="rounded bg-neutral-800 px-1 py-0.5 font-mono text-[0.85em]" {...props} />
  ),
  blockquote: ({ node: _n, ...props }) => (
    <blockquote
      className="my-2 border-l-2 border-primary-500/60 pl-3 text-neutral-300"
      {...props}
    />
  ),
  table: ({ node: _n, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _n, ...props }) => (
    <th className="border border-border px-2 py-1 text-left font-medium" {...props} />
  ),
  td: ({ node: _n, ...props }) => <td className="border border-border px-2 py-1" {...props} />,
  hr: ({ node: _n, ...props }) => <hr className="my-3 border-border" {...props} />,
};

/** Markdown (with GitHub extensions) rendered safely; links open in a new tab. */
export function MarkdownContent({ text }: { text: string }) {
  return (
    <div className="min-w-0 text-sm text-neutral-200 [overflow-wrap:anywhere]">
      {renderMarkdown(text, components)}
    </div>
  );
}
