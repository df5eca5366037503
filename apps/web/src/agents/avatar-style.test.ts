import { describe, expect, it } from "vitest";
import { avatarColor, avatarInitials, defaultAvatarColor } from "./avatar-style.js";

describe("avatarColor", () => {
  it("is orange without a seed", () => {
    expect(defaultAvatarColor).toBe("bg-primary-500");
    expect(avatarColor(undefined)).toBe("bg-primary-500");
    expect(avatarColor(null)).toBe("bg-primary-500");
    expect(avatarColor("")).toBe("bg-primary-500");
  });

  it("gives the same seed the same colour and spreads different seeds", () => {
    expect(avatarColor("assistant")).toBe(avatarColor("assistant"));
    const colours = new Set(
      ["assistant", "coder", "admin-bot", "remote", "planner", "writer"].map(avatarColor),
    );
    expect(colours.size).toBeGreaterThan(2);
    for (const colour of colours) expect(colour).toMatch(/^bg-[a-z]+-\d{3}$/);
  });
});

describe("avatarInitials", () => {
  it("takes the first letters of two words, or two letters of one", () => {
    expect(avatarInitials("Admin Bot")).toBe("AB");
    expect(avatarInitials("admin-bot")).toBe("AB");
    expect(avatarInitials("assistant")).toBe("AS");
    expect(avatarInitials("x")).toBe("X");
  });

  it("shows a question mark for a blank name", () => {
    expect(avatarInitials("  ")).toBe("?");
  });
});
