import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ClientErrorNotice,
  maxToasts,
  type Toast,
  ToastQueue,
  toastAutoDismissMs,
} from "./toast-queue.js";

let next = 0;
function notice(
  message: string,
  source: ClientErrorNotice["source"] = "uncaught",
): ClientErrorNotice {
  next += 1;
  return {
    id: `n${next}`,
    message,
    stack: `Error: ${message}\n    at here`,
    timestamp: Date.now(),
    source,
  };
}

describe("ToastQueue", () => {
  let shown: readonly Toast[];
  let queue: ToastQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    queue = new ToastQueue((toasts) => {
      shown = toasts;
    });
  });
  afterEach(() => vi.useRealTimers());

  it("dismisses a toast after 5 seconds", () => {
    queue.report(notice("boom"));
    expect(shown.map((t) => t.message)).toEqual(["boom"]);
    vi.advanceTimersByTime(toastAutoDismissMs - 1);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([]);
  });

  it("keeps a toast whose details are expanded, even after they close again", () => {
    const toast = queue.report(notice("boom"));
    vi.advanceTimersByTime(4000);
    queue.setExpanded(toast.id, true);
    vi.advanceTimersByTime(60_000);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.expanded).toBe(true);
    queue.setExpanded(toast.id, false);
    vi.advanceTimersByTime(60_000);
    expect(shown).toHaveLength(1);
  });

  it("dismisses by hand at once", () => {
    const toast = queue.report(notice("boom"));
    queue.dismiss(toast.id);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(toastAutoDismissMs);
    expect(shown).toEqual([]);
  });

  it("counts an identical error on the toast on screen instead of stacking, and restarts its timer", () => {
    const first = queue.report(notice("same"));
    vi.advanceTimersByTime(4000);
    const again = queue.report(notice("same"));
    expect(again.id).toBe(first.id);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.count).toBe(2);
    vi.advanceTimersByTime(4000);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([]);
  });

  it("counts the same error thrown from another place on one toast, keeping the first stack", () => {
    const first = queue.report(notice("same"));
    queue.report({ ...notice("same"), stack: "Error: same\n    at elsewhere (page.js:9:1)" });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.count).toBe(2);
    expect(shown[0]?.stack).toBe(first.stack);
  });

  it("stacks different errors, and the same message from another source", () => {
    queue.report(notice("a"));
    queue.report(notice("b"));
    queue.report(notice("a", "unhandledRejection"));
    expect(shown.map((t) => `${t.source}:${t.message}`)).toEqual([
      "uncaught:a",
      "uncaught:b",
      "unhandledRejection:a",
    ]);
  });

  it(`shows at most ${maxToasts}, dropping the oldest`, () => {
    for (const message of ["1", "2", "3", "4"]) queue.report(notice(message));
    expect(shown.map((t) => t.message)).toEqual(["2", "3", "4"]);
  });
});
