import { useEffect, useRef } from "react";
import { matchShortcut, type ShortcutId } from "./shortcut-keys.js";

/** What each shortcut does on this page. */
export type ShortcutHandlers = Record<ShortcutId, () => void>;

function isTextField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement &&
      !["checkbox", "radio", "button"].includes(element.type)) ||
    element.isContentEditable
  );
}

/**
 * Listens for the chat's keyboard shortcuts on the page while mounted. `streaming` says whether
 * Esc stops a reply; the handlers are read when a key is pressed, so they may change freely.
 */
export function useChatShortcuts(handlers: ShortcutHandlers, streaming: boolean): void {
  const current = useRef({ handlers, streaming });
  current.current = { handlers, streaming };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = document.activeElement;
      const composer =
        target instanceof HTMLTextAreaElement && target.getAttribute("aria-label") === "Message";
      const id = matchShortcut(event, {
        typing: isTextField(target),
        emptyComposer: composer && target.value === "",
        streaming: current.current.streaming,
        dialogOpen: document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
      });
      if (!id) return;
      event.preventDefault();
      current.current.handlers[id]();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
