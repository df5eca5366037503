import { describe, expect, it } from "vitest";
import { formatMessageTime } from "./formatMessageTime.js";

describe("formatMessageTime", () => {
  it("uses US 2-digit hour, minute and second", () => {
    expect(formatMessageTime(new Date(2024, 0, 1, 14, 5, 9).toISOString())).toBe("02:05:09 PM");
    expect(formatMessageTime(new Date(2024, 0, 1, 9, 30, 0).toISOString())).toBe("09:30:00 AM");
  });

  it("matches toLocaleTimeString with the spec's options", () => {
    const iso = new Date(2024, 6, 4, 0, 0, 1).toISOString();
    expect(formatMessageTime(iso)).toBe(
      new Date(iso).toLocaleTimeString("en-US", {
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
    );
  });

  it("gives nothing for an invalid time", () => {
    expect(formatMessageTime("not a time")).toBe("");
  });
});
