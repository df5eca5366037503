import type { Element, Root, RootContent, Text } from "hast";
import type { ParsedMarkdown } from "./markdown.js";

/** Elements a growing line of text may sit in, as the last child all the way down. */
const lineContainers = new Set(["p", "li", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4"]);

/**
 * Characters that never start, end or join markdown syntax in the middle of a line: letters,
 * digits, spaces and a little punctuation. Not `.`, `:` or `@` (they turn a word into an autolink),
 * nor any of `*_~\`[]()<>&\\!|#=+` (emphasis, code, links, HTML, entities, escapes, tables).
 */
const plainRun = /^[\p{L}\p{N} ,;'"?-]*$/u;

/** A parent on the way down to the last text, and where the next step sits among its children. */
interface Step {
  node: Root | Element;
  index: number;
}

/** Index of the last child that is not the line break mdast-util-to-hast puts between blocks. */
function lastIndex(children: RootContent[]): number {
  let index = children.length - 1;
  while (index >= 0) {
    const child = children[index];
    if (!(child?.type === "text" && child.value === "\n")) break;
    index -= 1;
  }
  return index;
}

/** The last text node of the tree's last line and the way down to it, if there is one. */
function lastText(tree: Root): { steps: Step[]; text: Text } | undefined {
  const steps: Step[] = [];
  let node: Root | Element = tree;
  for (;;) {
    const index = lastIndex(node.children);
    const child: RootContent | undefined = node.children[index];
    if (!child) return undefined;
    steps.push({ node, index });
    if (child.type === "text") return node === tree ? undefined : { steps, text: child };
    if (child.type !== "element" || !lineContainers.has(child.tagName)) return undefined;
    node = child;
  }
}

/** A copy of the tree with the last text replaced; every node off that path is shared. */
function replaceLast(steps: Step[], text: Text): Root {
  let replacement: Root | Element | Text = text;
  for (let depth = steps.length - 1; depth >= 0; depth -= 1) {
    const { node, index } = steps[depth] as Step;
    const children = [...node.children] as RootContent[];
    children[index] = replacement as RootContent;
    replacement = { ...node, children } as Root | Element;
  }
  return replacement as Root;
}

/**
 * The parse of `next` derived from the parse of an earlier, shorter version of it, when all that
 * was added is plain words on the last line of text: the last text node grows and nothing else
 * changes. Undefined whenever that cannot be known to equal a full parse (any markdown character,
 * a new line, a text node that is not a verbatim copy of its source); the caller parses then.
 */
export function extendParsed(previous: ParsedMarkdown, next: string): ParsedMarkdown | undefined {
  const { source, tree } = previous;
  if (next.length <= source.length || !next.startsWith(source)) return undefined;
  const added = next.slice(source.length);
  if (added.includes("\n")) return undefined;
  const found = lastText(tree);
  const start = found?.text.position?.start.offset;
  const end = found?.text.position?.end.offset;
  if (!found || start === undefined || end === undefined) return undefined;
  const { value } = found.text;
  // A verbatim copy of its source, followed only by the trailing spaces the parser trimmed.
  if (source.slice(start, end) !== value || !/^[ \t]*$/.test(source.slice(end))) return undefined;
  const lastWord = value.slice(value.search(/\S*$/));
  if (!plainRun.test(lastWord + source.slice(end) + added)) return undefined;
  const grown = next.slice(start).replace(/[ \t]+$/, "");
  const position = found.text.position;
  const text: Text = {
    type: "text",
    value: grown,
    position: position && {
      start: position.start,
      end: { ...position.end, offset: start + grown.length },
    },
  };
  return { source: next, tree: replaceLast(found.steps, text) };
}
