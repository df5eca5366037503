import { describe, expect, it } from "vitest";
import { SavedReply } from "./saved-reply.js";

describe("a running reply's saved and shown text", () => {
  const reply = (text: string) => ({ messageId: "m1", text });

  it("lets text be shown until the oldest unsaved text shown is one save interval old", () => {
    const saved = new SavedReply(1000);
    saved.reply = reply("Hello");
    expect(saved.mayShow(0)).toBe(true);
    saved.shown(5, 0);
    saved.reply = reply("Hello there");
    saved.shown(11, 600);
    expect(saved.mayShow(999)).toBe(true);
    // The first unsaved words were shown a whole interval ago: the rest waits for a save.
    expect(saved.mayShow(1000)).toBe(false);
    saved.committed(reply("Hello"));
    // Now the oldest unsaved text shown is "there", shown at 600.
    expect(saved.mayShow(1599)).toBe(true);
    expect(saved.mayShow(1600)).toBe(false);
    saved.committed(reply("Hello there"));
    expect(saved.mayShow(5000)).toBe(true);
    expect(saved.grown).toBe(false);
  });

  it("is due for a save one interval after the oldest unsaved text shown, less what a save takes", () => {
    const saved = new SavedReply(1000);
    expect(saved.dueAt(0, 0)).toBeUndefined();
    saved.reply = reply("Hi");
    // Produced, not yet shown (held): due an interval from now.
    expect(saved.dueAt(100, 0)).toBe(1100);
    saved.shown(2, 200);
    expect(saved.dueAt(300, 0)).toBe(1200);
    expect(saved.dueAt(300, 150)).toBe(1050);
    // A save slower than half the interval still leaves half of it.
    expect(saved.dueAt(300, 5000)).toBe(700);
    saved.committed(reply("Hi"));
    expect(saved.dueAt(300, 0)).toBeUndefined();
  });

  it("counts text saved before it was shown as saved (held text is written first)", () => {
    const saved = new SavedReply(1000);
    saved.reply = reply("Held words");
    saved.committed(reply("Held words"));
    saved.shown(10, 0);
    expect(saved.mayShow(5000)).toBe(true);
    expect(saved.started).toBe(true);
  });
});
