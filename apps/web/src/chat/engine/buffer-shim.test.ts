import { describe, expect, it } from "vitest";
import { base64ToBytes, bufferShim, bytesToBase64 } from "./buffer-shim.js";

describe("base64 helpers", () => {
  it("encode and decode in both directions, padding included", () => {
    for (const text of ["", "h", "hi", "hi!", "hello world", "żółć ✓"]) {
      const bytes = new TextEncoder().encode(text);
      const encoded = bytesToBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString("base64"));
      expect(new TextDecoder().decode(base64ToBytes(encoded))).toBe(text);
    }
  });

  it("accepts base64url input", () => {
    expect(Array.from(base64ToBytes("-_8"))).toEqual([251, 255]);
  });
});

describe("bufferShim", () => {
  it("offers what the SDK uses: from(base64), from(bytes), isBuffer, toString('base64')", () => {
    const fromText = bufferShim.from("aGk=", "base64");
    expect(Array.from(fromText)).toEqual([104, 105]);
    expect(fromText.toString("base64")).toBe("aGk=");
    expect(fromText.toString()).toBe("hi");
    const copy = bufferShim.from(Uint8Array.from([1, 2, 3]));
    expect(copy.toString("base64")).toBe("AQID");
    expect(bufferShim.isBuffer(copy)).toBe(true);
    expect(bufferShim.isBuffer(Uint8Array.from([1]))).toBe(false);
    expect(bufferShim.isBuffer({ a: 1 })).toBe(false);
  });
});
