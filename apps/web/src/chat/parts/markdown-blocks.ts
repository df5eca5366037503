/**
 * Markdown split into top-level blocks, remembered so the next, longer version of the same text
 * (a streamed reply) is split by re-reading only its last block.
 */
export interface MarkdownBlocks {
  /** The text these blocks were split from. */
  source: string;
  blocks: string[];
  /** Where the last block starts in `source`: every boundary before it is final. */
  lastStart: number;
}

interface Fence {
  marker: "`" | "~";
  length: number;
}

const fenceLine = /^ {0,3}(`{3,}|~{3,})(.*)$/;

function openingFence(line: string): Fence | null {
  const match = fenceLine.exec(line);
  if (!match) return null;
  const run = match[1] ?? "";
  const marker = run[0] === "~" ? "~" : "`";
  // CommonMark: a backtick fence's info string may not contain backticks.
  if (marker === "`" && (match[2] ?? "").includes("`")) return null;
  return { marker, length: run.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const match = fenceLine.exec(line);
  if (!match) return false;
  const run = match[1] ?? "";
  return run[0] === fence.marker && run.length >= fence.length && (match[2] ?? "").trim() === "";
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

/**
 * Splits `text` from `from` (which must be outside any code fence) into blocks separated by blank
 * lines. A blank line inside a fenced code block never splits it, and a blank line followed by an
 * indented line does not either: that is a list item's continuation, which would turn into an
 * indented code block if rendered alone.
 */
function scan(text: string, from: number): { blocks: string[]; lastStart: number } {
  const blocks: string[] = [];
  let blockStart = -1;
  let blockEnd = -1;
  let lastStart = from;
  let fence: Fence | null = null;
  let pendingBlank = false;
  let position = from;
  while (position <= text.length) {
    const newline = text.indexOf("\n", position);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(position, lineEnd);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      blockEnd = lineEnd;
    } else if (isBlank(line)) {
      if (blockStart !== -1) pendingBlank = true;
    } else {
      const continuesBlock = pendingBlank && /^[ \t]/.test(line);
      if (blockStart !== -1 && pendingBlank && !continuesBlock) {
        blocks.push(text.slice(blockStart, blockEnd));
        blockStart = -1;
      }
      if (blockStart === -1) {
        blockStart = position;
        lastStart = position;
      }
      pendingBlank = false;
      fence = openingFence(line);
      blockEnd = lineEnd;
    }
    if (newline === -1) break;
    position = newline + 1;
  }
  if (blockStart !== -1) blocks.push(text.slice(blockStart, blockEnd));
  return { blocks, lastStart };
}

/** Splits markdown into top-level blocks (pure; see `scan` for the rules). */
export function splitMarkdownBlocks(text: string): string[] {
  return scan(text, 0).blocks;
}

/**
 * The blocks of `text`, reusing `previous` when `text` extends its source: only the last block
 * onwards is split again, so the cost per streamed token does not grow with the reply's length.
 */
export function updateMarkdownBlocks(
  previous: MarkdownBlocks | undefined,
  text: string,
): MarkdownBlocks {
  if (previous && text.length >= previous.source.length && text.startsWith(previous.source)) {
    const kept = previous.blocks.length > 0 ? previous.blocks.slice(0, -1) : [];
    const tail = scan(text, previous.lastStart);
    return {
      source: text,
      blocks: tail.blocks.length > 0 ? kept.concat(tail.blocks) : kept,
      lastStart: tail.lastStart,
    };
  }
  const { blocks, lastStart } = scan(text, 0);
  return { source: text, blocks, lastStart };
}
