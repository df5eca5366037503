import { type Artifact, artifactSchema } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { canonicalJson, toolCallFingerprint } from "./fingerprint.js";
import { inferArtifactType } from "./infer-artifact-type.js";
import {
  isToolResultRejection,
  type ToolResultSource,
  toolResultToArtifact,
} from "./tool-result-to-artifact.js";

const base: ToolResultSource = {
  result: { content: [] },
  toolName: "query_sales",
  serverName: "analytics",
  contextId: "ctx-1",
  taskId: "task-1",
  toolExecutionId: "call-1",
  mcpExecutionId: "exec-1",
  createdAt: "2025-01-01T00:00:00.000Z",
  input: { region: "EU" },
};

function convert(patch: Partial<ToolResultSource>): Artifact {
  const outcome = toolResultToArtifact({ ...base, ...patch });
  if (isToolResultRejection(outcome)) throw new Error(outcome.error);
  return outcome;
}

const structured = (value: Record<string, unknown>, outputSchema?: unknown) =>
  convert({ result: { content: [], structuredContent: value }, outputSchema });
const text = (value: string) => convert({ result: { content: [{ type: "text", text: value }] } });

describe("toolResultToArtifact", () => {
  it("makes one data part from structuredContent with every metadata field", () => {
    const artifact = structured(
      { items: [{ region: "EU", revenue: 10 }] },
      {
        type: "object",
        "x-artifact-type": "table",
        "x-rendering-hints": { page_size: 5 },
        "x-render-behavior": "inline",
      },
    );
    expect(artifactSchema.parse(artifact)).toEqual({
      artifactId: "exec-1",
      name: "query_sales",
      description: "Result of query_sales on analytics",
      parts: [{ kind: "data", data: { items: [{ region: "EU", revenue: 10 }] } }],
      metadata: {
        artifact_type: "table",
        context_id: "ctx-1",
        created_at: "2025-01-01T00:00:00.000Z",
        task_id: "task-1",
        tool_name: "query_sales",
        tool_execution_id: "call-1",
        mcp_execution_id: "exec-1",
        source: "mcp_tool",
        rendering_hints: { page_size: 5 },
        fingerprint: toolCallFingerprint("analytics", "query_sales", { region: "EU" }),
        is_internal: false,
        render_behavior: "inline",
      },
    });
  });

  it("prefers the declared type over the inferred one and ignores malformed declarations", () => {
    const chartLike = { labels: ["a"], datasets: [] };
    expect(structured(chartLike, { "x-artifact-type": "json" }).metadata.artifact_type).toBe(
      "json",
    );
    const loose = structured(chartLike, {
      "x-artifact-type": 3,
      "x-rendering-hints": "wide",
    });
    expect(loose.metadata).toMatchObject({ artifact_type: "chart", rendering_hints: {} });
  });

  it("lays the result's per-call hints over the declared ones", () => {
    const chart = { labels: ["a"], datasets: [] };
    const declared = {
      "x-artifact-type": "chart",
      "x-rendering-hints": { chart_type: "bar", title: "Sales" },
    };
    const artifact = convert({
      result: {
        content: [],
        structuredContent: chart,
        _meta: { "x-rendering-hints": { chart_type: "line" } },
      },
      outputSchema: declared,
    });
    expect(artifact.metadata.rendering_hints).toEqual({ chart_type: "line", title: "Sales" });
    const ignored = convert({
      result: { content: [], structuredContent: chart, _meta: { "x-rendering-hints": ["line"] } },
      outputSchema: declared,
    });
    expect(ignored.metadata.rendering_hints).toEqual({ chart_type: "bar", title: "Sales" });
  });

  it.each([
    ["table", { items: [{ a: 1 }] }],
    ["chart", { labels: ["Jan"], datasets: [{ label: "x", data: [1] }] }],
    ["form", { fields: [{ name: "email", type: "email" }] }],
    ["tree", { name: "root", children: [] }],
    ["dashboard", { title: "Ops", sections: [{ section_type: "status", data: {} }] }],
    ["presentation_card", { title: "Hi", ctas: [{ id: "a", label: "Go" }] }],
    ["knowledge_query", { content: "Answer", found: true }],
    ["json", { anything: "else" }],
    ["json", { sections: [{ heading: "no section_type" }] }],
  ])("infers %s from structuredContent %j", (type, value) => {
    const artifact = structured(value);
    expect(artifact.metadata.artifact_type).toBe(type);
    expect(artifact.parts).toEqual([{ kind: "data", data: value }]);
  });

  it("infers types of bare values and wraps arrays as {items}", () => {
    expect(inferArtifactType([{ a: 1 }])).toBe("table");
    expect(inferArtifactType([])).toBe("table");
    expect(inferArtifactType([1, 2])).toBe("json");
    expect(inferArtifactType("# hi")).toBe("markdown");
    expect(inferArtifactType(3)).toBe("json");
    expect(inferArtifactType(null)).toBe("json");
    const rows = text(JSON.stringify([{ id: 1 }, { id: 2 }]));
    expect(rows.metadata.artifact_type).toBe("table");
    expect(rows.parts).toEqual([{ kind: "data", data: { items: [{ id: 1 }, { id: 2 }] } }]);
    const numbers = text("[1,2]");
    expect(numbers.metadata.artifact_type).toBe("json");
    expect(numbers.parts).toEqual([{ kind: "data", data: { items: [1, 2] } }]);
  });

  it("parses text content that is JSON and keeps other text as markdown", () => {
    const chart = text('{"labels":["a"],"datasets":[{"label":"x","data":[1]}]}');
    expect(chart.metadata.artifact_type).toBe("chart");
    expect(chart.parts[0]).toMatchObject({ kind: "data", data: { labels: ["a"] } });
    const markdown = text("# Report\n\nAll good");
    expect(markdown.metadata.artifact_type).toBe("markdown");
    expect(markdown.parts).toEqual([{ kind: "text", text: "# Report\n\nAll good" }]);
    expect(text("{not json").parts).toEqual([{ kind: "text", text: "{not json" }]);
    expect(text('"quoted"').parts).toEqual([{ kind: "text", text: "quoted" }]);
    const joined = convert({
      result: {
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
    });
    expect(joined.parts).toEqual([{ kind: "text", text: "one\n\ntwo" }]);
  });

  it("uses structuredContent before text content", () => {
    const artifact = convert({
      result: { content: [{ type: "text", text: "# ignored" }], structuredContent: { a: 1 } },
    });
    expect(artifact.parts).toEqual([{ kind: "data", data: { a: 1 } }]);
  });

  it("turns image and resource content into file parts", () => {
    const image = convert({
      result: { content: [{ type: "image", data: "aGVsbG8=", mimeType: "image/png" }] },
    });
    // Files without a name are named, never an 'Unnamed file': after the tool, by their type.
    expect(image.parts).toEqual([
      { kind: "file", file: { mimeType: "image/png", bytes: "aGVsbG8=", name: "query_sales.png" } },
    ]);
    expect(image.metadata.artifact_type).toBe("file");
    const byUri = convert({
      result: {
        content: [{ type: "resource", resource: { uri: "file:///a.csv", mimeType: "text/csv" } }],
      },
    });
    expect(byUri.parts).toEqual([
      { kind: "file", file: { mimeType: "text/csv", uri: "file:///a.csv", name: "a.csv" } },
    ]);
    const blob = convert({
      result: {
        content: [
          { type: "resource", resource: { uri: "x:/b", mimeType: "image/gif", blob: "R0lG" } },
        ],
      },
    });
    expect(blob.parts).toEqual([
      { kind: "file", file: { mimeType: "image/gif", bytes: "R0lG", name: "b" } },
    ]);
    const resourceText = convert({
      result: { content: [{ type: "resource", resource: { uri: "x:/c", text: "## Notes" } }] },
    });
    expect(resourceText.parts).toEqual([{ kind: "text", text: "## Notes" }]);
    expect(resourceText.metadata.artifact_type).toBe("markdown");
    const link = convert({
      result: { content: [{ type: "resource_link", uri: "https://x.test/r", name: "r" }] },
    });
    expect(link.parts).toEqual([{ kind: "file", file: { name: "r", uri: "https://x.test/r" } }]);
  });

  it("keeps every image, audio, file and embedded resource beside the text or structured content", () => {
    const mixed = convert({
      result: {
        content: [
          { type: "text", text: "Here is the picture:" },
          { type: "image", data: "aGVsbG8=", mimeType: "image/png" },
          { type: "text", text: "and its sound" },
          { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
          { type: "resource_link", uri: "https://x.test/r.pdf", name: "r.pdf" },
          { type: "resource", resource: { uri: "x:/notes", text: "inline text resource" } },
        ],
      },
    });
    expect(mixed.parts).toEqual([
      { kind: "text", text: "Here is the picture:\n\nand its sound" },
      { kind: "file", file: { mimeType: "image/png", bytes: "aGVsbG8=", name: "query_sales.png" } },
      {
        kind: "file",
        file: { mimeType: "audio/wav", bytes: "UklGRg==", name: "query_sales-2.wav" },
      },
      { kind: "file", file: { name: "r.pdf", uri: "https://x.test/r.pdf" } },
      // An embedded text resource beside text is kept too, as a text file (UTF-8, base64).
      {
        kind: "file",
        file: { mimeType: "text/plain", bytes: "aW5saW5lIHRleHQgcmVzb3VyY2U=", name: "notes" },
      },
    ]);
    expect(mixed.metadata.artifact_type).toBe("markdown");
    const structured = convert({
      result: {
        structuredContent: { rows: 2 },
        content: [{ type: "image", data: "R0lG", mimeType: "image/gif" }],
      },
    });
    expect(structured.parts).toEqual([
      { kind: "data", data: { rows: 2 } },
      { kind: "file", file: { mimeType: "image/gif", bytes: "R0lG", name: "query_sales.gif" } },
    ]);
    const twoImages = convert({
      result: {
        content: [
          { type: "image", data: "aGVsbG8=", mimeType: "image/png" },
          { type: "image", data: "R0lG", mimeType: "image/gif" },
        ],
      },
    });
    expect(twoImages.parts).toEqual([
      { kind: "file", file: { mimeType: "image/png", bytes: "aGVsbG8=", name: "query_sales.png" } },
      { kind: "file", file: { mimeType: "image/gif", bytes: "R0lG", name: "query_sales-2.gif" } },
    ]);
  });

  it("makes an empty json artifact of a result without usable content", () => {
    const empty = convert({ result: { content: [{ type: "unknown-kind" }] } });
    expect(empty.parts).toEqual([{ kind: "data", data: {} }]);
    expect(empty.metadata.artifact_type).toBe("json");
  });

  it("describes a failed call as a tool_error artifact", () => {
    const failed = convert({
      result: { isError: true, content: [{ type: "text", text: "Region not found" }] },
      outputSchema: { "x-artifact-type": "table", "x-rendering-hints": { page_size: 5 } },
    });
    expect(failed.parts).toEqual([{ kind: "data", data: { error: "Region not found" } }]);
    expect(failed.metadata).toMatchObject({
      type: "tool_error",
      artifact_type: "json",
      rendering_hints: {},
      source: "mcp_tool",
    });
    const bare = convert({ result: { isError: true, structuredContent: { code: 7 } } });
    expect(bare.parts).toEqual([
      { kind: "data", data: { error: "Tool query_sales failed", details: { code: 7 } } },
    ]);
  });

  it("answers 'Invalid artifact' for a result that cannot be a valid artifact", () => {
    const tooLong = toolResultToArtifact({ ...base, artifactId: "x".repeat(500) });
    expect(tooLong).toEqual({ error: "Invalid artifact" });
    const badBytes = toolResultToArtifact({
      ...base,
      result: { content: [{ type: "image", data: "not base64!", mimeType: "image/png" }] },
    });
    expect(badBytes).toEqual({ error: "Invalid artifact" });
  });

  it("marks internal artifacts, defaults the tool execution id and takes an explicit fingerprint", () => {
    const artifact = convert({
      isInternal: true,
      toolExecutionId: undefined,
      taskId: undefined,
      fingerprint: "fp-1",
    });
    expect(artifact.metadata).toMatchObject({
      is_internal: true,
      tool_execution_id: "exec-1",
      fingerprint: "fp-1",
    });
    expect(artifact.metadata).not.toHaveProperty("task_id");
  });
});

describe("toolCallFingerprint", () => {
  it("is stable across key order and differs by server, tool and input", () => {
    const a = toolCallFingerprint("s", "t", { b: 1, a: { y: [1, { d: 2, c: 3 }], x: null } });
    const b = toolCallFingerprint("s", "t", { a: { x: null, y: [1, { c: 3, d: 2 }] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(toolCallFingerprint("s", "t", { b: 2 })).not.toBe(toolCallFingerprint("s", "t", {}));
    expect(toolCallFingerprint("s2", "t", {})).not.toBe(toolCallFingerprint("s", "t", {}));
    expect(toolCallFingerprint("s", "t2", {})).not.toBe(toolCallFingerprint("s", "t", {}));
    expect(toolCallFingerprint("s", "t", undefined)).toBe(toolCallFingerprint("s", "t", {}));
  });

  it("writes canonical JSON with sorted keys and no undefined fields", () => {
    expect(canonicalJson({ b: 1, a: undefined, c: [undefined, { z: 1, y: 2 }] })).toBe(
      '{"b":1,"c":[null,{"y":2,"z":1}]}',
    );
    expect(canonicalJson(undefined)).toBe("null");
  });
});
