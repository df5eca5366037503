import type { SnippetSegment } from "@a2a-chat/contracts";
import { matchEnd, matchStart } from "../db/repositories/search.js";

/**
 * A database snippet (matched words between \u0001 and \u0002) as segments the browser shows
 * as plain text with the matches highlighted: no markup ever travels, so nothing can inject any.
 * Runs of white space fold to one space; empty segments are dropped.
 */
export function snippetSegments(snippet: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  const push = (text: string, match: boolean) => {
    const folded = text.replace(/\s+/g, " ");
    if (folded === "") return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += folded;
    else segments.push({ text: folded, match });
  };
  for (const piece of snippet.split(matchStart)) {
    const end = piece.indexOf(matchEnd);
    if (end === -1) {
      push(piece, false);
      continue;
    }
    push(piece.slice(0, end), true);
    push(piece.slice(end + 1).replaceAll(matchEnd, ""), false);
  }
  return segments;
}
