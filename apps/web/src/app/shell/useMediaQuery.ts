import { useCallback, useSyncExternalStore } from "react";

function mediaQueryList(query: string): MediaQueryList | undefined {
  return typeof window.matchMedia === "function" ? window.matchMedia(query) : undefined;
}

/**
 * Whether a CSS media query matches, kept current as the window changes. Read synchronously on
 * the first render, so the right layout shows without a flash; `fallback` answers where the
 * browser cannot evaluate media queries (tests).
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaQueryList(query)?.matches ?? fallback);
}
