import { useShallow } from "zustand/react/shallow";
import { logger } from "../../lib/logger.js";
import { queuedIn } from "./queued-messages.js";
import { useQueuedStore } from "./queued-store.js";

/** The label each queued message carries. */
export const queuedLabel = "Queued";
/** Says when queued messages go out. */
export const queuedNote = "Sent when the reply ends.";

/** What a queued message shows: its text, else its files' names. */
function summary(text: string, files: readonly { name: string }[]): string {
  if (text !== "") return text;
  return files.map((file) => file.name).join(", ");
}

/**
 * The conversation's messages waiting for the reply to end, oldest first, each marked 'Queued'
 * with a remove button (which deletes the files it had uploaded, as removing a chip does).
 */
export function QueuedMessages({
  contextId,
  deleteUpload,
}: {
  contextId: string;
  deleteUpload: (id: string) => Promise<void>;
}) {
  const queued = useQueuedStore(useShallow((state) => queuedIn(state.queue, contextId)));
  if (queued.length === 0) return null;
  const remove = (id: string) => {
    const message = useQueuedStore.getState().take(id);
    for (const file of message?.draft.files ?? []) {
      const uploaded = file.uploaded?.id;
      if (uploaded)
        deleteUpload(uploaded).catch((error: unknown) =>
          logger.warn("Deleting an upload failed", error),
        );
    }
  };
  return (
    <section aria-label="Queued messages" className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {queued.map((message) => {
          const text = summary(message.draft.text, message.draft.files);
          return (
            <li
              key={message.id}
              className="flex items-center gap-2 rounded-md border border-dashed border-border bg-surface-raised py-1 pr-1 pl-2 text-sm"
            >
              <span className="shrink-0 rounded bg-neutral-800 px-1.5 py-0.5 text-xs font-medium text-primary-300">
                {queuedLabel}
              </span>
              <span className="min-w-0 flex-1 truncate text-neutral-200" title={text}>
                {text}
              </span>
              {message.draft.files.length > 0 && message.draft.text !== "" && (
                <span className="shrink-0 text-xs text-neutral-400">
                  {message.draft.files.length} {message.draft.files.length === 1 ? "file" : "files"}
                </span>
              )}
              <button
                type="button"
                aria-label={`Remove queued message: ${text}`}
                onClick={() => remove(message.id)}
                className="shrink-0 rounded px-1.5 text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-neutral-500">{queuedNote}</p>
    </section>
  );
}
