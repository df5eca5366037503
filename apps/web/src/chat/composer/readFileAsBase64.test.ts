import { describe, expect, it } from "vitest";
import { readFileAsBase64 } from "./readFileAsBase64.js";

describe("readFileAsBase64", () => {
  it("reads name, type, size and base64 bytes", async () => {
    const file = new File(["hello"], "greeting.txt", { type: "text/plain" });
    await expect(readFileAsBase64(file)).resolves.toEqual({
      name: "greeting.txt",
      mimeType: "text/plain",
      bytes: btoa("hello"),
      size: 5,
    });
  });

  it("falls back to a generic type", async () => {
    const file = new File([new Uint8Array([1, 2])], "blob");
    await expect(readFileAsBase64(file)).resolves.toMatchObject({
      mimeType: "application/octet-stream",
      bytes: "AQI=",
    });
  });
});
