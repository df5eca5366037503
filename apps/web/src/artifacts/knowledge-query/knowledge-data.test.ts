import { describe, expect, it } from "vitest";
import { knowledgeThemeClasses, readKnowledge } from "./knowledge-data.js";

describe("readKnowledge", () => {
  it("reads content, theme, found and sources", () => {
    expect(
      readKnowledge({
        content: "### MCP",
        theme: "info",
        found: true,
        sources: [{ file: "mcp.md", title: "MCP tool servers", score: 3 }, { file: "a.md" }, 5],
      }),
    ).toEqual({
      content: "### MCP",
      theme: "info",
      found: true,
      sources: [{ title: "MCP tool servers", file: "mcp.md" }, { title: "a.md" }],
    });
  });

  it("defaults theme and found", () => {
    expect(readKnowledge({ content: "x" })).toEqual({
      content: "x",
      theme: "info",
      found: true,
      sources: [],
    });
    expect(readKnowledge({ content: "x", found: false })?.found).toBe(false);
  });

  it("gives null without content", () => {
    expect(readKnowledge({ content: " " })).toBeNull();
    expect(readKnowledge({ found: true })).toBeNull();
    expect(readKnowledge(undefined)).toBeNull();
  });

  it("maps themes", () => {
    expect(knowledgeThemeClasses("warning")).toContain("yellow");
    expect(knowledgeThemeClasses("other")).toBe("border-border bg-surface");
  });
});
