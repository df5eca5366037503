import { describe, expect, it } from "vitest";
import { type ParsedMarkdown, parseMarkdown } from "./markdown.js";
import { extendParsed } from "./markdown-extend.js";

/** The tree as JSON without source positions (an extended tree only updates its last text's). */
function shape(parsed: ParsedMarkdown): string {
  return JSON.stringify(parsed.tree, (key, value) => (key === "position" ? undefined : value));
}

/**
 * Streams `text` in the given pieces: each step extends the previous parse when it can and checks
 * that the result equals a full parse. Returns how many steps were extended.
 */
function streamAndCompare(pieces: string[]): number {
  let source = "";
  let previous: ParsedMarkdown | undefined;
  let extended = 0;
  for (const piece of pieces) {
    source += piece;
    const full = parseMarkdown(source);
    const grown = previous && extendParsed(previous, source);
    if (grown) {
      extended += 1;
      expect(shape(grown), JSON.stringify(source)).toBe(shape(full));
      expect(grown.source).toBe(source);
    }
    previous = grown ?? full;
  }
  return extended;
}

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
const chars = (text: string) => [...text];

const document = [
  "## Plans for the week",
  "Paragraph one talks about **bold ideas**, some `inline code` and a [link](https://example.com) in the middle of plain words, then keeps going with more plain words",
  "- first point with words\n- second point, with more words\n- third point",
  "1. numbered item\n2. another numbered item with words",
  "> a quoted line with words and more words",
  "Visit www.example.com or write to someone@example.com today, and see https://example.org too",
  "| Planet | Moons |\n| --- | --- |\n| Mars | 2 |\n| Jupiter | 95 |",
  "Snake_case_words and _emphasis_ and *stars* and ~~strike~~ and &amp; entities and \\*escapes\\*",
  "```ts\nconst answer = 42;\nconsole.log(answer)\n```",
  "A last paragraph   with  odd   spacing and trailing spaces   ",
  "Setext heading\n===",
  "Hard break at the end of this line  \nand the next line",
].join("\n\n");

describe("extendParsed", () => {
  it("equals a full parse at every word of a varied document", () => {
    const extended = streamAndCompare(words(document));
    // Most words are plain: the shortcut is actually taken.
    expect(extended).toBeGreaterThan(40);
  });

  // About 2.5 s on an idle machine; 37.6 s in a clean-clone CI on a slow machine, where the web
  // lane runs niced beside the others. The bound only catches a stuck parse.
  it("equals a full parse at every character of the same document", { timeout: 120_000 }, () => {
    expect(streamAndCompare(chars(document))).toBeGreaterThan(200);
  });

  it("equals a full parse for tricky junctions, character by character", () => {
    const tricky = [
      "see www",
      ".example.com now",
      " and foo@example",
      ".com then http",
      "://x.org and **bo",
      "ld** and _it_al_ic and 3",
      ". not a list",
      "\n- item\n  continued",
      " words\n\n# Head ## ",
      "ing",
    ];
    streamAndCompare(tricky);
    streamAndCompare(chars(tricky.join("")));
  });

  it("gives up when the text does not grow or grows by markdown", () => {
    const base = parseMarkdown("Hello there");
    expect(extendParsed(base, "Hello there")).toBeUndefined();
    expect(extendParsed(base, "Hello")).toBeUndefined();
    expect(extendParsed(base, "Goodbye there friend")).toBeUndefined();
    expect(extendParsed(base, "Hello there *friend")).toBeUndefined();
    expect(extendParsed(base, "Hello there\nfriend")).toBeUndefined();
    expect(extendParsed(base, "Hello there friend")?.source).toBe("Hello there friend");
  });

  it("keeps every node off the growing line as it was", () => {
    const base = parseMarkdown("First paragraph.\n\nSecond one");
    const grown = extendParsed(base, "First paragraph.\n\nSecond one grows");
    expect(grown?.tree.children[0]).toBe(base.tree.children[0]);
  });
});
