import { describe, expect, it } from "vitest";
import { isSearchShortcut, useSearchOpen } from "./search-open-store.js";

const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe("isSearchShortcut", () => {
  it("takes Ctrl+K and Cmd+K, in either case", () => {
    expect(isSearchShortcut(key("k", { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key("K", { metaKey: true }))).toBe(true);
  });

  it("leaves K alone, and K with Shift or Alt", () => {
    expect(isSearchShortcut(key("k"))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key("k", { metaKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key("j", { ctrlKey: true }))).toBe(false);
  });

  it("opens and closes the dialog through its store", () => {
    useSearchOpen.getState().setOpen(true);
    expect(useSearchOpen.getState().open).toBe(true);
    useSearchOpen.getState().setOpen(false);
    expect(useSearchOpen.getState().open).toBe(false);
  });
});
