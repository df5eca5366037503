import { useEffect } from "react";
import type { OutgoingFile } from "../model/chat-types.js";
import { outgoingFile, useDraftsStore } from "./drafts-store.js";
import { nextToSend, type SendReadiness } from "./queued-messages.js";
import { useQueuedStore } from "./queued-store.js";

/**
 * Sends the conversation's queued messages one at a time, each once the reply before it ended.
 * A message that cannot be sent goes back into the conversation's box, before anything typed
 * since: nothing queued is lost.
 */
export function useQueuedSends(
  contextId: string,
  readiness: SendReadiness,
  send: (text: string, files: OutgoingFile[]) => Promise<void>,
): void {
  const next = useQueuedStore((state) => nextToSend(state.queue, contextId, readiness));
  useEffect(() => {
    if (!next) return;
    // Taken at once: the send marks the store as sending in this same task, so no second
    // effect run sends the same message (or the next one) before this reply ends.
    const message = useQueuedStore.getState().take(next.id);
    if (!message) return;
    send(message.draft.text, message.draft.files.map(outgoingFile)).catch(() =>
      useDraftsStore.getState().restore(message.contextId, message.draft),
    );
  }, [next, send]);
}
