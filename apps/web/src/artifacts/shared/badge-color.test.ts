import { describe, expect, it } from "vitest";
import { badgeClasses, badgeTone } from "./badge-color.js";

describe("badgeTone", () => {
  it.each([
    ["admin", "blue"],
    ["user", "green"],
    ["active", "green"],
    ["healthy", "green"],
    ["success", "green"],
    ["guest", "gray"],
    ["inactive", "yellow"],
    ["warning", "yellow"],
    ["suspended", "red"],
    ["error", "red"],
    ["critical", "red"],
    ["shipped", "gray"],
  ] as const)("colours %s %s", (value, tone) => {
    expect(badgeTone(value)).toBe(tone);
  });

  it("ignores case and surrounding spaces", () => {
    expect(badgeTone(" Admin ")).toBe("blue");
    expect(badgeTone("ERROR")).toBe("red");
  });

  it("makes anything that is not a string gray", () => {
    expect(badgeTone(3)).toBe("gray");
    expect(badgeTone(undefined)).toBe("gray");
  });

  it("gives classes of the tone", () => {
    expect(badgeClasses("admin")).toContain("text-blue-300");
    expect(badgeClasses("other")).toContain("text-neutral-300");
  });
});
