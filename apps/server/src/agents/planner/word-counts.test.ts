import { describe, expect, it } from "vitest";
import { WordCounts } from "./word-counts.js";

describe("WordCounts", () => {
  it("adds up the words of every turn, counting a stored message once", () => {
    const counts = new WordCounts();
    const turns = [
      { role: "user" as const, text: "one two three", key: "u1/m1" },
      { role: "assistant" as const, text: "four five", key: "u1/m2" },
      { role: "user" as const, text: "six" },
    ];
    expect(counts.total(turns)).toBe(6);
    // A stored message never changes: its kept count is used, its text not read again.
    const later = [{ ...turns[0], text: "" }, turns[1], { role: "user" as const, text: "x y" }];
    expect(counts.total(later as typeof turns)).toBe(7);
  });

  it("forgets the oldest counts past its bound and counts them again", () => {
    const counts = new WordCounts();
    for (let i = 0; i <= 10_000; i++) counts.total([{ role: "user", text: "a", key: `k${i}` }]);
    expect(counts.total([{ role: "user", text: "b c", key: "k0" }])).toBe(2);
    expect(counts.total([{ role: "user", text: "", key: "k10000" }])).toBe(1);
  });
});
