import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { codeLines, normalizeLanguage, readCode } from "./code-data.js";

describe("readCode", () => {
  it("reads code, language, filename and description from the data part", () => {
    const artifact = dataArtifact("code", {
      code: "x = 1\n",
      language: "python",
      filename: "a.py",
      description: "Assigns",
    });
    expect(readCode(artifact)).toEqual({
      code: "x = 1\n",
      language: "python",
      lineNumbers: true,
      filename: "a.py",
      description: "Assigns",
    });
  });

  it("prefers the hinted language and honours line_numbers false", () => {
    const artifact = dataArtifact(
      "code",
      { code: "a", language: "python" },
      { rendering_hints: { language: "bash", line_numbers: false } },
    );
    expect(readCode(artifact)).toMatchObject({ language: "bash", lineNumbers: false });
  });

  it("falls back to a text part", () => {
    const artifact = makeArtifact("code", [
      { kind: "data", data: { other: 1 } },
      { kind: "text", text: "echo hi" },
    ]);
    expect(readCode(artifact)).toEqual({ code: "echo hi", language: "text", lineNumbers: true });
  });

  it("says 'No code data found' when there is neither", () => {
    expect(readCode(dataArtifact("code", { other: 1 }))).toEqual({ error: "No code data found" });
  });

  it("keeps empty code (shown as 'No code available')", () => {
    expect(readCode(dataArtifact("code", { code: "" }))).toMatchObject({ code: "" });
  });
});

describe("normalizeLanguage", () => {
  it("resolves aliases and case", () => {
    expect(normalizeLanguage("TS")).toBe("typescript");
    expect(normalizeLanguage("bash")).toBe("shellscript");
    expect(normalizeLanguage(" py ")).toBe("python");
    expect(normalizeLanguage("go")).toBe("go");
  });
});

describe("codeLines", () => {
  it("splits lines without a trailing empty one", () => {
    expect(codeLines("a\nb\n")).toEqual(["a", "b"]);
    expect(codeLines("a\r\nb")).toEqual(["a", "b"]);
    expect(codeLines("")).toEqual([""]);
    expect(codeLines("\n")).toEqual([""]);
  });
});
