import { describe, expect, it } from "vitest";
import {
  formatCell,
  formatCurrency,
  formatDatetime,
  formatInteger,
  formatPercentage,
  isColumnType,
  numericValue,
  safeHref,
} from "./table-format.js";

describe("table cell formatters", () => {
  it("formats US dollars", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency("19.9")).toBe("$19.90");
    expect(formatCurrency(-3)).toBe("-$3.00");
    expect(formatCurrency("n/a")).toBe("n/a");
    expect(formatCurrency(null)).toBe("");
  });

  it("formats percentages with one decimal", () => {
    expect(formatPercentage(12.345)).toBe("12.3%");
    expect(formatPercentage(15)).toBe("15.0%");
    expect(formatPercentage("7.25")).toBe("7.3%");
    expect(formatPercentage("high")).toBe("high");
  });

  it("formats datetimes like 'MMM d, yyyy h:mm a'", () => {
    const local = new Date(2024, 0, 5, 14, 30).toISOString();
    expect(formatDatetime(local)).toBe("Jan 5, 2024 2:30 PM");
    expect(formatDatetime(new Date(2024, 11, 25, 9, 5).getTime())).toBe("Dec 25, 2024 9:05 AM");
    expect(formatDatetime("not a date")).toBe("not a date");
    expect(formatDatetime(undefined)).toBe("");
  });

  it("floors and groups integers", () => {
    expect(formatInteger(1234567.9)).toBe("1,234,567");
    expect(formatInteger(-1.5)).toBe("-2");
    expect(formatInteger("42")).toBe("42");
    expect(formatInteger("many")).toBe("many");
  });

  it("reads numbers from numbers and numeric strings", () => {
    expect(numericValue(3)).toBe(3);
    expect(numericValue(" 4.5 ")).toBe(4.5);
    expect(numericValue("")).toBeUndefined();
    expect(numericValue(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(numericValue(true)).toBeUndefined();
  });

  it("allows only http(s) and mailto links", () => {
    expect(safeHref("https://example.com/a")).toBe("https://example.com/a");
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(safeHref("javascript:alert(1)")).toBeUndefined();
    expect(safeHref("/relative")).toBeUndefined();
    expect(safeHref(5)).toBeUndefined();
  });

  it("formats a cell by its type", () => {
    expect(formatCell(5, "currency")).toBe("$5.00");
    expect(formatCell(5, "percentage")).toBe("5.0%");
    expect(formatCell(5.7, "integer")).toBe("5");
    expect(formatCell({ a: 1 }, undefined)).toBe('{"a":1}');
    expect(formatCell(true, undefined)).toBe("true");
    expect(formatCell(undefined, undefined)).toBe("");
  });

  it("knows the cell types", () => {
    expect(isColumnType("badge")).toBe(true);
    expect(isColumnType("link")).toBe(true);
    expect(isColumnType("string")).toBe(false);
  });
});
