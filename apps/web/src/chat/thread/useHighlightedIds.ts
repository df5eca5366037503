import { useEffect, useRef, useState } from "react";

/** How long a new tool call stays highlighted (core spec §9). */
export const toolCallHighlightMs = 2000;

const none: ReadonlySet<string> = new Set();

/**
 * The ids that appeared in the last 2 s. Ids present when the component mounts are not new (a
 * virtualised row mounting again must not flash).
 */
export function useHighlightedIds(ids: readonly string[]): ReadonlySet<string> {
  const known = useRef<Set<string>>(new Set(ids));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [highlighted, setHighlighted] = useState(none);
  const signature = ids.join("\u0000");

  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for `ids`
  useEffect(() => {
    const fresh = ids.filter((id) => !known.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) known.current.add(id);
    setHighlighted((current) => new Set([...current, ...fresh]));
    for (const id of fresh) {
      const timer = setTimeout(() => {
        timers.current.delete(id);
        setHighlighted((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }, toolCallHighlightMs);
      timers.current.set(id, timer);
    }
  }, [signature]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return highlighted;
}
