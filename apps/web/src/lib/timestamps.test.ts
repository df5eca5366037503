import { describe, expect, it } from "vitest";
import { formatTimestamp, parseTimestamp } from "./timestamps.js";

describe("parseTimestamp", () => {
  it("reads ISO timestamps with their zone", () => {
    expect(parseTimestamp("2025-01-01T10:00:00.000Z")).toBe(Date.UTC(2025, 0, 1, 10));
    expect(parseTimestamp("2025-01-01T12:00:00+02:00")).toBe(Date.UTC(2025, 0, 1, 10));
  });

  it("treats a timestamp without a 'T' as UTC", () => {
    expect(parseTimestamp("2025-01-01 10:00:00")).toBe(Date.UTC(2025, 0, 1, 10));
    expect(parseTimestamp("2025-01-01 10:00:00.250")).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 250));
    expect(parseTimestamp("2025-01-01")).toBe(Date.UTC(2025, 0, 1));
  });

  it("keeps an explicit zone on a timestamp without a 'T'", () => {
    expect(parseTimestamp("2025-01-01 12:00:00+02:00")).toBe(Date.UTC(2025, 0, 1, 10));
  });

  it("gives NaN for missing or invalid values", () => {
    expect(parseTimestamp(undefined)).toBeNaN();
    expect(parseTimestamp("")).toBeNaN();
    expect(parseTimestamp("yesterday")).toBeNaN();
    expect(parseTimestamp("2025-13-45 99:00:00")).toBeNaN();
  });
});

describe("formatTimestamp", () => {
  it("shows US month, day, year and a 2-digit time", () => {
    expect(formatTimestamp(Date.UTC(2025, 0, 2, 15, 4, 5), "UTC")).toBe("Jan 2, 2025, 03:04:05 PM");
  });
});
