import type { Virtualizer } from "@tanstack/react-virtual";
import { describe, expect, it } from "vitest";
import { scrollAndReportClamp } from "./clamped-scroll.js";

/** A scroller whose writes land between 0 and `max`, as a browser clamps them (jsdom lays out nothing). */
function scroller(max: number, at = 0) {
  const element = document.createElement("div");
  let top = at;
  Object.defineProperty(element, "scrollTop", { get: () => top });
  element.scrollTo = ((options: ScrollToOptions) => {
    top = Math.min(Math.max(options.top ?? top, 0), max);
  }) as typeof element.scrollTo;
  const events: number[] = [];
  element.addEventListener("scroll", () => events.push(element.scrollTop));
  const instance = {
    scrollElement: element,
    options: { horizontal: false, isRtl: false },
  } as unknown as Virtualizer<HTMLElement, Element>;
  return { element, events, instance };
}

/** Lets queued microtasks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("scrollAndReportClamp", () => {
  it("reports a write the browser clamped to where the list was, after the write returns", async () => {
    const { events, instance } = scroller(0);
    scrollAndReportClamp(0, { adjustments: 174 }, instance);
    expect(events).toEqual([]);
    await settle();
    expect(events).toEqual([0]);
  });

  it("reports a clamped write to a list at its end", async () => {
    const { element, events, instance } = scroller(300, 300);
    scrollAndReportClamp(420, {}, instance);
    expect(element.scrollTop).toBe(300);
    await settle();
    expect(events).toEqual([300]);
  });

  it("leaves writes that move the list, or aim where it is, to the browser's own events", async () => {
    const { element, events, instance } = scroller(500, 100);
    scrollAndReportClamp(250, {}, instance);
    expect(element.scrollTop).toBe(250);
    scrollAndReportClamp(250, { adjustments: 1 }, instance);
    await settle();
    expect(events).toEqual([]);
  });

  it("leaves smooth scrolls alone (they land over several frames)", async () => {
    const { events, instance } = scroller(0);
    scrollAndReportClamp(200, { behavior: "smooth" }, instance);
    await settle();
    expect(events).toEqual([]);
  });
});
