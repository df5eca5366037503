import { elementScroll, type Virtualizer } from "@tanstack/react-virtual";

/** Below this many pixels a write and where it landed count as the same place (the library's). */
const samePlacePx = 1.5;

/**
 * The message list's scroll write: the virtualizer's own (`elementScroll`), and a scroll event
 * when the browser clamped the write to where the list already was.
 *
 * The virtualizer learns where a write landed only from the scroll event that follows it. A write
 * past the end of a list that does not overflow (a short conversation, its rows growing as they
 * are measured while it follows the end) leaves the list where it was, so no event comes: the
 * virtualizer then took the list for scrolled by the growth and re-aimed its scroll command on
 * every animation frame for the five seconds it allows one, after every conversation opened and
 * every message sent (60 frames a second of layout, paint and compositing for nothing). The event
 * sent here reads the list's real place, as the browser's own does when a clamped write moves it.
 */
export function scrollAndReportClamp<Scroller extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Scroller, Element>,
): void {
  const element = instance.scrollElement;
  const before = element?.scrollTop;
  elementScroll(offset, options, instance);
  if (!element || before === undefined || options.behavior === "smooth") return;
  const wanted = offset + (options.adjustments ?? 0);
  const stayed = element.scrollTop === before;
  if (stayed && Math.abs(wanted - before) >= samePlacePx) {
    // After the write returns: the virtualizer books it first, then reads the event.
    queueMicrotask(() => element.dispatchEvent(new Event("scroll")));
  }
}
