import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { readMarkdown } from "./markdown-data.js";

describe("readMarkdown", () => {
  it("reads a text part first", () => {
    const artifact = makeArtifact("markdown", [
      { kind: "data", data: { content: "data" } },
      { kind: "text", text: "# Text" },
    ]);
    expect(readMarkdown(artifact)).toBe("# Text");
  });

  it("reads content, markdown or text from the data", () => {
    expect(readMarkdown(dataArtifact("markdown", { title: "T", content: "body" }))).toBe("body");
    expect(readMarkdown(dataArtifact("markdown", { markdown: "m" }))).toBe("m");
    expect(readMarkdown(dataArtifact("markdown", { text: "t" }))).toBe("t");
    expect(readMarkdown(dataArtifact("markdown", { other: 1 }))).toBeUndefined();
  });
});
