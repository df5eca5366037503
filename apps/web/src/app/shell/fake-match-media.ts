import { vi } from "vitest";

interface FakeList {
  query: string;
  listeners: Set<() => void>;
}

const minWidth = (query: string) =>
  Number(/\(min-width:\s*(\d+)px\)/.exec(query)?.[1] ?? Number.NaN);

/**
 * Test helper: installs a `window.matchMedia` that answers `(min-width: Npx)` queries for a
 * given window width, and can change that width. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeMatchMedia(initialWidth: number) {
  let width = initialWidth;
  const lists = new Set<FakeList>();
  const matches = (query: string) => width >= minWidth(query);
  vi.stubGlobal("matchMedia", (query: string) => {
    const list: FakeList = { query, listeners: new Set() };
    lists.add(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: "change", listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: "change", listener: () => void) =>
        list.listeners.delete(listener),
    } as unknown as MediaQueryList;
  });
  return {
    /** Resizes the fake window, notifying the queries whose answer changed. */
    setWidth(next: number) {
      const before = new Map([...lists].map((list) => [list, matches(list.query)]));
      width = next;
      for (const list of lists) {
        if (before.get(list) !== matches(list.query)) for (const notify of list.listeners) notify();
      }
    },
  };
}
