/**
 * How far down a reader has seen, in whole percent: the bottom of the window over the page's
 * height. A page no taller than the window counts as 100 (tools spec §9).
 */
export function scrollDepth(scrollTop: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight) return 100;
  const seen = Math.floor(((Math.max(0, scrollTop) + viewportHeight) / pageHeight) * 100);
  return Math.min(100, Math.max(0, seen));
}
