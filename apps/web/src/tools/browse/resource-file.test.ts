import { describe, expect, it } from "vitest";
import { resourceFile, resourceFileName, resourceView } from "./resource-file.js";

describe("resource contents", () => {
  it("shows JSON pretty, text as it is, images inline and other bytes as a file", () => {
    expect(resourceView({ uri: "a:x", mimeType: "application/json", text: '{"a":1}' })).toEqual({
      kind: "json",
      text: '{\n  "a": 1\n}',
    });
    expect(resourceView({ uri: "a:x", mimeType: "application/json", text: "{" })).toEqual({
      kind: "text",
      text: "{",
    });
    expect(resourceView({ uri: "a:x", mimeType: "text/markdown", text: "# Hi" })).toEqual({
      kind: "text",
      text: "# Hi",
    });
    expect(resourceView({ uri: "a:x", mimeType: "image/png", blob: "iVBO" })).toEqual({
      kind: "image",
      src: "data:image/png;base64,iVBO",
    });
    expect(resourceView({ uri: "a:x/y.gz", mimeType: "application/gzip", blob: "AAEC" })).toEqual({
      kind: "file",
      size: 3,
      file: { name: "y.gz", mimeType: "application/gzip", bytes: "AAEC" },
    });
    expect(resourceView({ uri: "a:/clip.wav", mimeType: "audio/wav", blob: "AAEC" })).toMatchObject(
      {
        kind: "file",
        file: { name: "clip.wav", mimeType: "audio/wav" },
      },
    );
    expect(resourceView({ uri: "a:x", blob: "AAEC" })).toMatchObject({
      kind: "file",
      file: { mimeType: "application/octet-stream" },
    });
    expect(resourceView({ uri: "a:/m.mp4", mimeType: "video/mp4", blob: "AAEC" })).toEqual({
      kind: "video",
      src: "data:video/mp4;base64,AAEC",
      size: 3,
      file: { name: "m.mp4", mimeType: "video/mp4", bytes: "AAEC" },
    });
  });

  it("names files after the URI's last segment and keeps their bytes and type", async () => {
    expect(resourceFileName("docs://product/documentation/tools.md")).toBe("tools.md");
    expect(resourceFileName("demo://resource/static/document/a%20b.md?x=1")).toBe("a b.md");
    expect(resourceFileName("urn:")).toBe("urn:");
    const text = resourceFile({
      uri: "docs://product/agents.md",
      mimeType: "text/markdown",
      text: "# A",
    });
    expect([text.name, text.type, await text.text()]).toEqual([
      "agents.md",
      "text/markdown",
      "# A",
    ]);
    const bytes = resourceFile({ uri: "demo://x/blob/2", blob: "AAEC" });
    expect([bytes.name, bytes.type, bytes.size]).toEqual(["2", "application/octet-stream", 3]);
  });
});
