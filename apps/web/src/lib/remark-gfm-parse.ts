import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Processor } from "unified";

function appended(list: unknown, item: unknown): unknown[] {
  return [...(Array.isArray(list) ? list : []), item];
}

/**
 * GitHub-flavoured markdown for reading only: the tables, task lists, strikethrough, autolinks and
 * footnotes remark-gfm parses, without the markdown writer remark-gfm also registers (we never turn
 * a tree back into markdown), which keeps ~10 KB gzipped out of the chat's script.
 */
export function remarkGfmParse(this: Processor): void {
  // remark-parse reads these two lists from the processor's data.
  const data = this.data() as Record<string, unknown>;
  data.micromarkExtensions = appended(data.micromarkExtensions, gfm());
  data.fromMarkdownExtensions = appended(data.fromMarkdownExtensions, gfmFromMarkdown());
}
