import { useEffect, useRef, useState } from "react";

/** How long the '+N new' badge stays (core spec §9). */
export const newBadgeMs = 2000;

/**
 * How many items arrived in the last 2 s while `tracking` (0 when none): the count behind the
 * '+N new' badge. Items present when the component mounts are not new.
 */
export function useNewCountBadge(count: number, tracking: boolean): number {
  const seen = useRef(count);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [fresh, setFresh] = useState(0);

  useEffect(() => {
    const added = count - seen.current;
    seen.current = count;
    if (added <= 0 || !tracking) return;
    setFresh((value) => value + added);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFresh(0), newBadgeMs);
  }, [count, tracking]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return fresh;
}
