import { describe, expect, it } from "vitest";
import { artifactFromV03, defaultArtifactType } from "./sdk-parts.js";

const place = { contextId: "ctx-1", taskId: "task-1", at: "2025-01-01T00:00:00.000Z" };

describe("artifacts of external agents without a type", () => {
  it("read as text when they are text, as files when they are files, else as JSON", () => {
    expect(defaultArtifactType([{ kind: "text", text: "a" }])).toBe("text");
    expect(
      defaultArtifactType([{ kind: "file", file: { mimeType: "image/png", bytes: "AA==" } }]),
    ).toBe("file");
    expect(defaultArtifactType([{ kind: "data", data: {} }])).toBe("json");
    expect(
      defaultArtifactType([
        { kind: "text", text: "a" },
        { kind: "data", data: {} },
      ]),
    ).toBe("json");
    expect(defaultArtifactType([])).toBe("json");
  });

  it("fill in the type from the parts, and keep a declared one", () => {
    const text = artifactFromV03(
      { artifactId: "a-1", parts: [{ kind: "text", text: "Hello there" }] },
      place,
    );
    expect(text?.metadata.artifact_type).toBe("text");
    expect(text?.parts).toEqual([{ kind: "text", text: "Hello there" }]);
    const declared = artifactFromV03(
      {
        artifactId: "a-2",
        parts: [{ kind: "text", text: "| a |" }],
        metadata: { artifact_type: "markdown" },
      },
      place,
    );
    expect(declared?.metadata.artifact_type).toBe("markdown");
  });
});
