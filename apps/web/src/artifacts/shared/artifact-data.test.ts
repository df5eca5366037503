import type { Artifact } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import {
  displayText,
  firstDataPart,
  firstTextPart,
  isRecord,
  numberOf,
  renderingHints,
  stringOf,
} from "./artifact-data.js";

const artifact = (parts: Artifact["parts"], hints?: unknown): Artifact => ({
  artifactId: "a1",
  parts,
  metadata: {
    artifact_type: "json",
    context_id: "c1",
    created_at: "2024-01-01T00:00:00Z",
    ...(hints === undefined ? {} : { rendering_hints: hints as Record<string, unknown> }),
  },
});

describe("artifact data helpers", () => {
  it("tells plain objects from arrays and null", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord("x")).toBe(false);
  });

  it("finds the first data and text parts", () => {
    const a = artifact([
      { kind: "text", text: "first" },
      { kind: "data", data: { n: 1 } },
      { kind: "data", data: { n: 2 } },
      { kind: "text", text: "second" },
    ]);
    expect(firstDataPart(a)).toEqual({ n: 1 });
    expect(firstTextPart(a)).toBe("first");
    expect(firstDataPart(artifact([]))).toBeUndefined();
    expect(firstTextPart(artifact([]))).toBeUndefined();
  });

  it("reads rendering hints or gives an empty object", () => {
    expect(renderingHints(artifact([], { page_size: 5 }))).toEqual({ page_size: 5 });
    expect(renderingHints(artifact([]))).toEqual({});
  });

  it("narrows strings and finite numbers", () => {
    expect(stringOf("a")).toBe("a");
    expect(stringOf(1)).toBeUndefined();
    expect(numberOf(2)).toBe(2);
    expect(numberOf(Number.NaN)).toBeUndefined();
    expect(numberOf("2")).toBeUndefined();
  });

  it("shows values as text", () => {
    expect(displayText(null)).toBe("");
    expect(displayText(undefined)).toBe("");
    expect(displayText("a")).toBe("a");
    expect(displayText(3)).toBe("3");
    expect(displayText(false)).toBe("false");
    expect(displayText({ a: [1] })).toBe('{"a":[1]}');
  });
});
