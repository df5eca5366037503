import { describe, expect, it } from "vitest";
import { plannerIntent } from "./planner-intent.js";
import {
  countWords,
  indexOfPhrase,
  maxEcho,
  maxScan,
  maxWords,
  readablePart,
  restOfLine,
  splitWords,
  withoutEndPunctuation,
} from "./words.js";

describe("splitWords", () => {
  it("finds lower-cased words with their places, across punctuation and other alphabets", () => {
    expect(splitWords("Sign-in to GitHub, über 漢字!")).toEqual([
      { text: "sign", start: 0, end: 4 },
      { text: "in", start: 5, end: 7 },
      { text: "to", start: 8, end: 10 },
      { text: "github", start: 11, end: 17 },
      { text: "über", start: 19, end: 23 },
      { text: "漢字", start: 24, end: 26 },
    ]);
    expect(splitWords("   ")).toEqual([]);
  });

  it("stops after its limit", () => {
    expect(splitWords("a b c d", 2).map((w) => w.text)).toEqual(["a", "b"]);
    expect(splitWords("x ".repeat(maxWords * 2))).toHaveLength(maxWords);
  });
});

describe("phrases and trimming", () => {
  it("finds the first place where every step matches one of its choices", () => {
    const words = splitWords("please log into slack or sign in");
    expect(
      indexOfPhrase(words, [
        ["sign", "log"],
        ["in", "into"],
      ]),
    ).toBe(1);
    expect(indexOfPhrase(words, [["sign"], ["in"]])).toBe(5);
    expect(indexOfPhrase(words, [["sign"], ["out"]])).toBe(-1);
  });

  it("removes end punctuation only", () => {
    expect(withoutEndPunctuation("Planets?!..")).toBe("Planets");
    expect(withoutEndPunctuation("...")).toBe("");
    expect(withoutEndPunctuation("a.b")).toBe("a.b");
  });

  it("takes the rest of a line, trimmed and cut at a word boundary", () => {
    expect(restOfLine("chart of sales.\nmore", 9)).toBe("sales");
    const long = restOfLine(`x ${"word ".repeat(100)}`, 2);
    expect(long.length).toBeLessThanOrEqual(maxEcho);
    expect(long.endsWith("word")).toBe(true);
  });

  it("reads a bounded start of a message and counts words without splitting", () => {
    expect(readablePart("a".repeat(maxScan + 10))).toHaveLength(maxScan);
    expect(countWords("  one two\tthree\n")).toBe(3);
    expect(countWords("")).toBe(0);
  });
});

describe("plannerIntent on word boundaries", () => {
  it("reads the same requests as before the rewrite", () => {
    expect(plannerIntent("search the docs for passkeys")).toEqual({
      kind: "docs",
      query: "passkeys",
    });
    expect(plannerIntent("docs about streaming replies?")).toEqual({
      kind: "docs",
      query: "streaming replies",
    });
    expect(plannerIntent("pie chart of sales by region")).toMatchObject({
      kind: "sales-chart",
      chartType: "pie",
      groupBy: "region",
      metric: "revenue",
    });
    expect(plannerIntent("line chart of temperatures")).toEqual({
      kind: "chart",
      topic: "temperatures",
      chartType: "line",
    });
    expect(plannerIntent("a chart")).toEqual({ kind: "clarify", about: "chart" });
    expect(plannerIntent("table of orders in Middle East & Africa, shipped")).toEqual({
      kind: "orders",
      region: "middle-east-africa",
      status: "shipped",
    });
    expect(plannerIntent("code in python")).toEqual({
      kind: "code",
      language: "python",
      named: true,
    });
    expect(plannerIntent("structure of the docs")).toEqual({ kind: "tree" });
    expect(plannerIntent("config of rateLimit")).toEqual({ kind: "config", section: "rateLimit" });
    expect(plannerIntent("/help")).toEqual({ kind: "help" });
    expect(plannerIntent("Good morning!")).toEqual({ kind: "greeting" });
    expect(plannerIntent("oh hi")).toEqual({ kind: "unknown" });
  });
});
