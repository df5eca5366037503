import { useEffect } from "react";
import { useJumpStore } from "../../stores/jump-store.js";

/**
 * Scrolls the list to the message a search result asked for, once that message is among those
 * shown (its conversation may still be loading), then marks its row for a moment.
 */
export function useJumpToMessage(
  ids: readonly string[],
  scrollToIndex: (index: number) => void,
  row: (id: string) => HTMLElement | null,
): void {
  const target = useJumpStore((state) => state.messageId);
  const index = target === null ? -1 : ids.indexOf(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the target or its place changes
  useEffect(() => {
    if (target === null || index === -1) return;
    // After the list's own "open at the newest message" scroll of this render.
    const frame = requestAnimationFrame(() => {
      scrollToIndex(index);
      useJumpStore.getState().done();
      requestAnimationFrame(() => {
        const element = row(target);
        if (!element) return;
        element.dataset.jumped = "true";
        setTimeout(() => delete element.dataset.jumped, 2000);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [target, index]);
}
