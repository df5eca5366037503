/** Where a page sits in the result: 1-based page, page count and the row range shown. */
export interface PageWindow {
  page: number;
  pageCount: number;
  /** Index of the first row on the page (0-based). */
  start: number;
  /** Index after the last row on the page. */
  end: number;
  total: number;
}

/** The window of a page, the page clamped to the pages that exist (at least 1). */
export function pageWindow(total: number, pageSize: number, page: number): PageWindow {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * size;
  return { page: current, pageCount, start, end: Math.min(total, start + size), total };
}

/** 'Page X of Y'. */
export function pageLabel(window: PageWindow): string {
  return `Page ${window.page} of ${window.pageCount}`;
}

/** 'Showing A to B of N results'. */
export function showingLabel(window: PageWindow): string {
  const from = window.total === 0 ? 0 : window.start + 1;
  return `Showing ${from} to ${window.end} of ${window.total} results`;
}
