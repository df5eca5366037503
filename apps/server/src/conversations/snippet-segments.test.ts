import { describe, expect, it } from "vitest";
import { snippetSegments } from "./snippet-segments.js";

describe("snippetSegments", () => {
  it("splits a marked snippet into plain and matched pieces", () => {
    expect(snippetSegments("the \u0001quick\u0002 brown \u0001fox\u0002")).toEqual([
      { text: "the ", match: false },
      { text: "quick", match: true },
      { text: " brown ", match: false },
      { text: "fox", match: true },
    ]);
  });

  it("joins neighbouring matches, folds white space and keeps markup as text", () => {
    expect(snippetSegments("\u0001a\u0002\u0001b\u0002\n\n<b>x</b>")).toEqual([
      { text: "ab", match: true },
      { text: " <b>x</b>", match: false },
    ]);
  });

  it("reads a snippet without marks as one plain piece", () => {
    expect(snippetSegments("no marks here")).toEqual([{ text: "no marks here", match: false }]);
    expect(snippetSegments("")).toEqual([]);
  });
});
