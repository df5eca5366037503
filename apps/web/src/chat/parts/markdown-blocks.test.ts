import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks, updateMarkdownBlocks } from "./markdown-blocks.js";

describe("splitMarkdownBlocks", () => {
  it("splits at blank lines and drops the blank lines", () => {
    expect(splitMarkdownBlocks("# Title\n\nFirst line\nsecond line\n\n\n- a\n- b\n")).toEqual([
      "# Title",
      "First line\nsecond line",
      "- a\n- b",
    ]);
  });

  it("gives no blocks for empty or blank text", () => {
    expect(splitMarkdownBlocks("")).toEqual([]);
    expect(splitMarkdownBlocks(" \n\n\t\n")).toEqual([]);
  });

  it("never splits inside a fenced code block", () => {
    const fenced = "```ts\nconst a = 1;\n\n\nconst b = 2;\n```";
    expect(splitMarkdownBlocks(`Intro\n\n${fenced}\n\nAfter`)).toEqual(["Intro", fenced, "After"]);
  });

  it("needs the same marker, at least as long, to close a fence", () => {
    const fenced = "````\n```\n\ninside\n````";
    expect(splitMarkdownBlocks(`${fenced}\n\nout`)).toEqual([fenced, "out"]);
    const tilde = "~~~\n```\n\nstill inside\n~~~";
    expect(splitMarkdownBlocks(`${tilde}\n\nout`)).toEqual([tilde, "out"]);
  });

  it("keeps an unclosed fence (still streaming) as one block to the end", () => {
    expect(splitMarkdownBlocks("Intro\n\n```\na\n\nb")).toEqual(["Intro", "```\na\n\nb"]);
  });

  it("keeps an indented continuation with its list item", () => {
    expect(splitMarkdownBlocks("- item\n\n  more of the item\n\nNext")).toEqual([
      "- item\n\n  more of the item",
      "Next",
    ]);
  });
});

describe("updateMarkdownBlocks", () => {
  it("gives the same blocks as a full split for every prefix of a streamed reply", () => {
    const reply =
      "# Plan\n\nParagraph one.\n\n```js\nlet x = 1;\n\nx++;\n```\n\n- a\n\n  cont\n\nEnd.";
    let state = updateMarkdownBlocks(undefined, "");
    for (let end = 1; end <= reply.length; end += 1) {
      const text = reply.slice(0, end);
      state = updateMarkdownBlocks(state, text);
      expect(state.blocks).toEqual(splitMarkdownBlocks(text));
    }
  });

  it("re-reads only the last block when the text grows", () => {
    const first = updateMarkdownBlocks(undefined, "one\n\ntwo\n\nthr");
    expect(first.lastStart).toBe("one\n\ntwo\n\n".length);
    const next = updateMarkdownBlocks(first, "one\n\ntwo\n\nthree");
    expect(next.blocks).toEqual(["one", "two", "three"]);
    expect(next.blocks[0]).toBe(first.blocks[0]);
  });

  it("splits from scratch when the text was replaced rather than extended", () => {
    const first = updateMarkdownBlocks(undefined, "alpha\n\nbeta");
    expect(updateMarkdownBlocks(first, "gamma").blocks).toEqual(["gamma"]);
  });
});
