import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.js";

const key = () => randomBytes(32).toString("base64");

describe("SecretBox", () => {
  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    const box = new SecretBox(key());
    const sealed = box.seal("Bearer s3cret-token", "row-1");
    expect(sealed).not.toContain("s3cret");
    expect(box.open(sealed, "row-1")).toBe("Bearer s3cret-token");
  });

  it("refuses another key, another row and a changed ciphertext", () => {
    const box = new SecretBox(key());
    const sealed = box.seal("x", "row-1");
    expect(() => new SecretBox(key()).open(sealed, "row-1")).toThrow();
    expect(() => box.open(sealed, "row-2")).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => box.open(tampered, "row-1")).toThrow();
    expect(() => box.open("plain", "row-1")).toThrow();
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => new SecretBox(Buffer.alloc(16).toString("base64"))).toThrow();
  });
});
