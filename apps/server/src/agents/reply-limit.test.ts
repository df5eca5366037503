import { afterEach, describe, expect, it, vi } from "vitest";
import { ReplyLimit, replyLimitReason, replyTimeReason, watchReplyTime } from "./reply-limit.js";

describe("a reply's size limit", () => {
  it("takes pieces while they fit, then the start of the one that passes, then nothing", () => {
    const limit = new ReplyLimit(6);
    expect(limit.take("ab")).toBe("ab");
    expect(limit.take("cd")).toBe("cd");
    expect(limit.passed).toBe(false);
    expect(limit.take("efgh")).toBe("ef");
    expect(limit.passed).toBe(true);
    expect(limit.take("i")).toBe("");
  });

  it("counts UTF-8 bytes and never cuts a character in two", () => {
    // "é" is 2 bytes: "aé" is 3, and a 4-byte limit has no room for a second "é".
    const accented = new ReplyLimit(4);
    expect(accented.take("aéé")).toBe("aé");
    // An emoji is 4 bytes (two UTF-16 units): it fits whole or not at all.
    expect(new ReplyLimit(5).take("a😀b")).toBe("a😀");
    expect(new ReplyLimit(4).take("a😀b")).toBe("a");
  });

  it("exactly at the limit is not past it", () => {
    const limit = new ReplyLimit(4);
    expect(limit.take("abcd")).toBe("abcd");
    expect(limit.passed).toBe(false);
    expect(limit.take("")).toBe("");
    expect(limit.passed).toBe(false);
  });

  it("0 turns the limit off", () => {
    const limit = new ReplyLimit(0);
    expect(limit.take("x".repeat(100_000))).toHaveLength(100_000);
    expect(limit.passed).toBe(false);
  });

  it("says in plain words why the reply stopped", () => {
    expect(replyLimitReason(1_048_576)).toBe(
      "The agent's reply was stopped: it passed the 1.00 MB limit for one reply.",
    );
  });
});

describe("a reply's time limit", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops once, with the limit in the reason, when the turn runs past it", () => {
    vi.useFakeTimers();
    const reasons: string[] = [];
    watchReplyTime(90, (reason) => reasons.push(reason));
    vi.advanceTimersByTime(89_999);
    expect(reasons).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(200_000);
    expect(reasons).toEqual([
      "The agent's reply was stopped: it took longer than the 90-second limit for one reply.",
    ]);
  });

  it("does nothing once cleared, or with no limit", () => {
    vi.useFakeTimers();
    const reasons: string[] = [];
    const clear = watchReplyTime(60, (reason) => reasons.push(reason));
    clear();
    watchReplyTime(0, (reason) => reasons.push(reason));
    vi.advanceTimersByTime(10 * 3600_000);
    expect(reasons).toEqual([]);
  });

  it("names minutes and hours as such", () => {
    expect(replyTimeReason(1800)).toBe(
      "The agent's reply was stopped: it took longer than the 30-minute limit for one reply.",
    );
    expect(replyTimeReason(3600)).toContain("the 1-hour limit");
    expect(replyTimeReason(1)).toContain("the 1-second limit");
  });
});
