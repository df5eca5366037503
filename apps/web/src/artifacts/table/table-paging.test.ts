import { describe, expect, it } from "vitest";
import { pageLabel, pageWindow, showingLabel } from "./table-paging.js";

describe("paging maths", () => {
  it("computes the first page", () => {
    const w = pageWindow(60, 25, 1);
    expect(w).toEqual({ page: 1, pageCount: 3, start: 0, end: 25, total: 60 });
    expect(pageLabel(w)).toBe("Page 1 of 3");
    expect(showingLabel(w)).toBe("Showing 1 to 25 of 60 results");
  });

  it("computes a partial last page", () => {
    const w = pageWindow(60, 25, 3);
    expect(showingLabel(w)).toBe("Showing 51 to 60 of 60 results");
    expect(pageLabel(w)).toBe("Page 3 of 3");
  });

  it("clamps pages out of range", () => {
    expect(pageWindow(60, 25, 9).page).toBe(3);
    expect(pageWindow(60, 25, 0).page).toBe(1);
  });

  it("has one empty page when there are no rows", () => {
    const w = pageWindow(0, 25, 1);
    expect(pageLabel(w)).toBe("Page 1 of 1");
    expect(showingLabel(w)).toBe("Showing 0 to 0 of 0 results");
  });

  it("treats a page size below 1 as 1", () => {
    expect(pageWindow(3, 0, 2)).toEqual({ page: 2, pageCount: 3, start: 1, end: 2, total: 3 });
  });
});
