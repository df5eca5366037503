import { describe, expect, it } from "vitest";
import { fileHref, isImageFile, isSafeFileUri } from "./file-href.js";

describe("isSafeFileUri", () => {
  it("accepts web, blob, data and relative links", () => {
    for (const uri of ["https://x.test/a.png", "http://x.test", "blob:abc", "data:a", "/api/f"]) {
      expect(isSafeFileUri(uri)).toBe(true);
    }
  });

  it("rejects script and other schemes", () => {
    for (const uri of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "vbscript:x",
      "file:///etc",
    ]) {
      expect(isSafeFileUri(uri)).toBe(false);
    }
  });
});

describe("fileHref", () => {
  it("builds a data URL from inline bytes", () => {
    expect(fileHref({ mimeType: "image/png", bytes: "aGk=" })).toBe("data:image/png;base64,aGk=");
    expect(fileHref({ bytes: "aGk=" })).toBe("data:application/octet-stream;base64,aGk=");
  });

  it("uses a safe uri and drops an unsafe one", () => {
    expect(fileHref({ uri: "https://x.test/f.pdf" })).toBe("https://x.test/f.pdf");
    expect(fileHref({ uri: "javascript:alert(1)" })).toBeUndefined();
  });
});

describe("isImageFile", () => {
  it("goes by the mime type when there is one", () => {
    expect(isImageFile({ mimeType: "image/jpeg", bytes: "aGk=" })).toBe(true);
    expect(isImageFile({ mimeType: "application/pdf", uri: "https://x.test/a.png" })).toBe(false);
  });

  it("goes by the extension of a typeless link", () => {
    expect(isImageFile({ uri: "https://x.test/photo.JPG?size=2" })).toBe(true);
    expect(isImageFile({ uri: "https://x.test/report.pdf" })).toBe(false);
  });
});
