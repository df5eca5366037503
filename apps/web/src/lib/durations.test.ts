import { describe, expect, it } from "vitest";
import {
  durationBetween,
  formatDuration,
  formatToolDuration,
  formatUptime,
  shortId,
} from "./durations.js";

describe("formatDuration", () => {
  it("shows milliseconds under one second", () => {
    expect(formatDuration(0)).toBe("0ms");
    expect(formatDuration(999)).toBe("999ms");
  });
  it("shows one decimal of seconds below 10 s and whole seconds below 60 s", () => {
    expect(formatDuration(1000)).toBe("1.0s");
    expect(formatDuration(9_950)).toBe("9.9s");
    expect(formatDuration(10_000)).toBe("10s");
    expect(formatDuration(59_999)).toBe("59s");
  });
  it("shows minutes and seconds, then hours and minutes", () => {
    expect(formatDuration(60_000)).toBe("1m 0s");
    expect(formatDuration(125_000)).toBe("2m 5s");
    expect(formatDuration(3_600_000)).toBe("1h 0m");
    expect(formatDuration(3_600_000 * 26 + 60_000 * 7)).toBe("26h 7m");
  });
  it("refuses negative or non-finite values", () => {
    expect(() => formatDuration(-1)).toThrow("Invalid duration: -1");
    expect(() => formatDuration(Number.NaN)).toThrow("Invalid duration: NaN");
  });
});

describe("formatUptime", () => {
  it("uses minutes, then hours and minutes, then days and hours above 24 h", () => {
    expect(formatUptime(59)).toBe("0m");
    expect(formatUptime(45 * 60)).toBe("45m");
    expect(formatUptime(3 * 3600 + 5 * 60)).toBe("3h 5m");
    expect(formatUptime(23 * 3600 + 59 * 60)).toBe("23h 59m");
    expect(formatUptime(24 * 3600)).toBe("1d 0h");
    expect(formatUptime(50 * 3600)).toBe("2d 2h");
  });
});

describe("formatToolDuration", () => {
  it("uses ms, s or m", () => {
    expect(formatToolDuration(250)).toBe("250ms");
    expect(formatToolDuration(1500)).toBe("1.5s");
    expect(formatToolDuration(90_000)).toBe("1.5m");
  });
});

describe("durationBetween and shortId", () => {
  it("needs two valid timestamps in order", () => {
    expect(durationBetween("2026-01-01T00:00:00Z", "2026-01-01T00:00:01.5Z")).toBe(1500);
    expect(durationBetween(undefined, "2026-01-01T00:00:00Z")).toBeUndefined();
    expect(durationBetween("nope", "2026-01-01T00:00:00Z")).toBeUndefined();
    expect(durationBetween("2026-01-01T00:00:01Z", "2026-01-01T00:00:00Z")).toBeUndefined();
  });
  it("keeps the first 8 characters", () => {
    expect(shortId("0123456789abcdef")).toBe("01234567");
  });
});
