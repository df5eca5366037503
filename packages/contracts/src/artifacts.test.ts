import { describe, expect, it } from "vitest";
import { invalidArtifactMessage, isValidArtifact, validateArtifact } from "./artifacts.js";

const artifact = {
  artifactId: "a1",
  name: "Users",
  description: "A table",
  parts: [
    { kind: "data", data: { items: [{ id: 1 }] } },
    { kind: "text", text: "hello" },
    { kind: "file", file: { name: "a.txt", mimeType: "text/plain", bytes: "aGVsbG8=" } },
    { kind: "file", file: { uri: "https://example.com/a.png" } },
  ],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    created_at: "2025-01-01T00:00:00.000Z",
    fingerprint: "f1",
    source: "mcp_tool",
    rendering_hints: { page_size: 10 },
    extra: true,
  },
};

describe("validateArtifact", () => {
  it("accepts a valid artifact with every part kind and keeps extra metadata", () => {
    expect(validateArtifact(artifact)).toEqual(artifact);
    expect(isValidArtifact(artifact)).toBe(true);
  });

  it("rejects missing or non-string required metadata with 'Invalid artifact'", () => {
    for (const key of ["artifact_type", "context_id", "created_at"]) {
      for (const bad of [undefined, 1, null]) {
        const value = { ...artifact, metadata: { ...artifact.metadata, [key]: bad } };
        expect(() => validateArtifact(value), `${key}=${String(bad)}`).toThrow(
          new Error(invalidArtifactMessage),
        );
        expect(isValidArtifact(value)).toBe(false);
      }
    }
    expect(invalidArtifactMessage).toBe("Invalid artifact");
  });

  it("rejects malformed shapes", () => {
    const broken: unknown[] = [
      null,
      { ...artifact, artifactId: "" },
      { ...artifact, metadata: undefined },
      { ...artifact, parts: "x" },
      { ...artifact, parts: [{ kind: "video" }] },
      { ...artifact, parts: [{ kind: "data", data: [1, 2] }] },
      { ...artifact, parts: [{ kind: "file", file: { name: "x" } }] },
      { ...artifact, parts: [{ kind: "file", file: { bytes: "aGk=", uri: "https://x" } }] },
      { ...artifact, parts: [{ kind: "file", file: { bytes: "not base64!" } }] },
    ];
    for (const value of broken) {
      expect(() => validateArtifact(value), JSON.stringify(value)).toThrow(invalidArtifactMessage);
    }
  });
});
