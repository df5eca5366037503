import { describe, expect, it } from "vitest";
import { iconGlyph } from "./icon-glyph.js";

describe("iconGlyph", () => {
  it("maps known icon names", () => {
    expect(iconGlyph("clock")).toBe("⏱️");
    expect(iconGlyph("Folder")).toBe("📁");
  });

  it("keeps symbols and drops unknown names", () => {
    expect(iconGlyph("🎉")).toBe("🎉");
    expect(iconGlyph("no-such-icon")).toBeUndefined();
    expect(iconGlyph("")).toBeUndefined();
    expect(iconGlyph(3)).toBeUndefined();
  });
});
