import type { Root } from "hast";
import { sanitize } from "hast-util-sanitize";
import { type Components, toJsxRuntime } from "hast-util-to-jsx-runtime";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { toHast } from "mdast-util-to-hast";
import { gfm } from "micromark-extension-gfm";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

export type { Components as MarkdownComponents };

/** Markdown and the sanitised HTML tree it became. */
export interface ParsedMarkdown {
  source: string;
  tree: Root;
}

/** GitHub-flavoured markdown syntax and tree builders, made on first use and shared by every parse. */
let gfmExtensions:
  | { syntax: ReturnType<typeof gfm>[]; tree: ReturnType<typeof gfmFromMarkdown>[] }
  | undefined;

/**
 * Parses untrusted markdown (with GitHub's tables, task lists, strikethrough, autolinks and
 * footnotes) into a sanitised HTML tree whose nodes keep their source positions. The steps are the
 * libraries remark and rehype wrap (markdown → mdast → hast → sanitised hast), called directly:
 * no processor or virtual file per parse, which streamed replies do many times a second. Raw HTML
 * in the markdown is dropped (never turned into elements) and hast-util-sanitize's GitHub schema
 * removes scripts, event handlers and javascript: or other unsafe link protocols.
 */
export function parseMarkdown(source: string): ParsedMarkdown {
  gfmExtensions ??= { syntax: [gfm()], tree: [gfmFromMarkdown()] };
  const mdast = fromMarkdown(source, {
    extensions: gfmExtensions.syntax,
    mdastExtensions: gfmExtensions.tree,
  });
  return { source, tree: sanitize(toHast(mdast)) as Root };
}

/** React elements for a parsed tree, with optional element overrides. */
export function renderMarkdownTree(tree: Root, components?: Components): ReactNode {
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  });
}

/** Renders untrusted markdown to React elements, with optional element overrides. */
export function renderMarkdown(text: string, components?: Components): ReactNode {
  return renderMarkdownTree(parseMarkdown(text).tree, components);
}
