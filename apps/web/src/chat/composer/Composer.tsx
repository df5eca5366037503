import type { UploadedFile } from "@a2a-chat/contracts";
import { type KeyboardEvent, memo, useId, useLayoutEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-error.js";
import { deleteUploadedFile, UploadAborted, uploadFile, uploadTexts } from "../../lib/files-api.js";
import { logger } from "../../lib/logger.js";
import type { OutgoingFile } from "../model/chat-types.js";
import { type AttachmentChip, AttachmentChips } from "./AttachmentChips.js";
import { attachmentTexts, fitsAttachmentLimit } from "./attachment-limit.js";
import { emptyDraft, outgoingFile, useDraftsStore } from "./drafts-store.js";
import { QueuedMessages } from "./QueuedMessages.js";
import { useQueuedStore } from "./queued-store.js";

/** The character counter appears beyond this many characters (core spec §9). */
export const counterThreshold = 500;
/** Beyond this many characters the counter is a warning (core spec §9). */
export const counterWarningThreshold = 1500;

/** Props of the message input. */
export interface ComposerProps {
  /** Sends the trimmed text and the attachments; throwing (or rejecting) keeps them in the input. */
  onSend(text: string, files: OutgoingFile[]): Promise<void> | void;
  /** Stops the reply being streamed. */
  onStop(): void;
  streaming: boolean;
  disabled: boolean;
  /** Why the input is disabled, shown under it. */
  disabledReason?: string;
  /** Whose draft the input shows and edits: the conversation's id. */
  draftKey: string;
  /** Largest file, when known: larger picks are refused at once, before any upload. */
  attachmentLimit?: number;
  /** Uploads a picked file (the server's upload endpoint; tests may pass another). */
  upload?: Uploader;
  /** Deletes an upload the user removed before sending. */
  deleteUpload?: (id: string) => Promise<void>;
}

/** Uploads one file into a conversation, reporting progress; rejects with UploadAborted when stopped. */
export type Uploader = (
  contextId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
) => Promise<UploadedFile>;

let nextKey = 0;

/** Uploads under way, by chip key, so removing a chip stops its upload. */
const uploads = new Map<string, AbortController>();

/** The text shown when an upload fails. */
export function uploadErrorText(name: string, error: unknown): string {
  if (error instanceof ApiError && error.status > 0)
    return uploadTexts.refused(name, error.message);
  return uploadTexts.network(name);
}

/**
 * The message input (core spec §2.2): an auto-growing text box (Enter sends, Shift+Enter adds a
 * line), file attachments, a character counter and a send button that becomes a stop button while
 * a reply streams; Enter then queues the message, sent when the reply ends (removable meanwhile).
 * Nothing typed or attached is lost when sending fails.
 */
export const Composer = memo(function Composer({
  onSend,
  onStop,
  streaming,
  disabled,
  disabledReason,
  draftKey,
  attachmentLimit,
  upload = uploadFile,
  deleteUpload = deleteUploadedFile,
}: ComposerProps) {
  // The draft lives in a store by conversation, so switching conversations swaps it.
  const draft = useDraftsStore((state) => state.drafts[draftKey] ?? emptyDraft);
  const { text, files } = draft;
  const [sending, setSending] = useState(false);
  const [readErrors, setReadErrors] = useState<string[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  const counterId = useId();

  // Grows with its content; CSS clamps it between 56px and 10rem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = "auto";
    textarea.style.height = `${textarea.scrollHeight}px`;
  }, [text]);

  const hasContent = text.trim() !== "" || files.length > 0;
  const uploading = files.some((file) => file.uploaded === undefined);
  const canSend = hasContent && !disabled && !streaming && !sending && !uploading;
  // While a reply streams, Enter queues the message: it is sent when the reply ends.
  const canQueue = hasContent && !disabled && streaming && !uploading;

  const send = async () => {
    if (canQueue) {
      const queued = useDraftsStore.getState().take(draftKey);
      useQueuedStore.getState().add(draftKey, { ...queued, text: queued.text.trim() });
      return;
    }
    if (!canSend) return;
    setSending(true);
    const contextId = draftKey;
    // Cleared at once: onSend settles only when the whole reply has streamed, and the sent text
    // must not sit in the box meanwhile.
    const sent = useDraftsStore.getState().take(contextId);
    try {
      await onSend(sent.text.trim(), sent.files.map(outgoingFile));
    } catch (error) {
      // The caller reports the failure; what was sent comes back to its own conversation,
      // before anything typed since.
      logger.warn("Sending the message failed", error);
      useDraftsStore.getState().restore(contextId, sent);
    } finally {
      setSending(false);
    }
  };

  const attach = (picked: File[]) => {
    // Files picked here belong to this conversation even if the user moves on while they upload.
    const contextId = draftKey;
    const drafts = useDraftsStore.getState();
    // Too large: said now, with the limit, rather than refused after a long upload.
    const errors: string[] = [];
    const accepted = picked.filter((file) => {
      if (fitsAttachmentLimit(file.size, attachmentLimit)) return true;
      errors.push(attachmentTexts.tooLarge(file.name, file.size, attachmentLimit ?? 0));
      return false;
    });
    setReadErrors(errors);
    for (const file of accepted) {
      nextKey += 1;
      const key = `file-${nextKey}`;
      const controller = new AbortController();
      uploads.set(key, controller);
      drafts.addFile(contextId, {
        key,
        name: file.name,
        mimeType: file.type || "application/octet-stream",
        size: file.size,
        sent: 0,
      });
      const progress = (sent: number) =>
        useDraftsStore.getState().updateFile(contextId, key, { sent });
      upload(contextId, file, progress, controller.signal)
        .then(
          (stored) =>
            useDraftsStore.getState().updateFile(contextId, key, {
              sent: file.size,
              uploaded: { id: stored.id, uri: stored.uri },
            }),
          (error: unknown) => {
            useDraftsStore.getState().removeFile(contextId, key);
            if (error instanceof UploadAborted) return;
            logger.warn("Uploading an attachment failed", error);
            setReadErrors((current) => [...current, uploadErrorText(file.name, error)]);
          },
        )
        .finally(() => uploads.delete(key));
    }
  };

  const remove = (key: string) => {
    const file = files.find((f) => f.key === key);
    useDraftsStore.getState().removeFile(draftKey, key);
    uploads.get(key)?.abort();
    const id = file?.uploaded?.id;
    // Not sent, so not kept: its bytes stop counting against the user's storage.
    if (id)
      deleteUpload(id).catch((error: unknown) => logger.warn("Deleting an upload failed", error));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    // While an input method composes (CJK), Enter confirms the composition and must not send.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void send();
  };

  const length = text.length;
  const warning = length > counterWarningThreshold;
  const chips: AttachmentChip[] = files.map(({ key, name, size, sent, uploaded }) => ({
    key,
    name,
    size,
    sent,
    done: uploaded !== undefined,
  }));
  const describedBy = [
    disabled && disabledReason ? reasonId : "",
    length > counterThreshold ? counterId : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <form
      aria-label="Message input"
      // The conversation view frames it (border and padding) together with the request panels.
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <QueuedMessages contextId={draftKey} deleteUpload={deleteUpload} />
      <AttachmentChips files={chips} onRemove={remove} />
      {readErrors.length > 0 && (
        <div role="alert" className="text-xs text-red-300">
          {readErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      {attachmentLimit !== undefined && (files.length > 0 || readErrors.length > 0) && (
        <p className="text-xs text-neutral-400">{attachmentTexts.note(attachmentLimit)}</p>
      )}
      <div className="flex items-end gap-2">
        <button
          type="button"
          disabled={disabled}
          onClick={() => fileInputRef.current?.click()}
          title={attachmentLimit === undefined ? undefined : attachmentTexts.note(attachmentLimit)}
          className="hidden h-14 items-center rounded-md border border-border px-3 text-sm text-neutral-300 transition-colors duration-150 hover:bg-neutral-800 disabled:opacity-50 sm:inline-flex"
        >
          Attach
        </button>
        <input
          ref={fileInputRef}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-label="Attach files"
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? []);
            // Cleared so picking the same file again still fires a change.
            event.target.value = "";
            if (picked.length > 0) attach(picked);
          }}
        />
        <textarea
          ref={textareaRef}
          aria-label="Message"
          aria-describedby={describedBy || undefined}
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={streaming ? "AI is responding..." : "Type a message..."}
          onChange={(event) => useDraftsStore.getState().setText(draftKey, event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-[10rem] min-h-[56px] flex-1 resize-none overflow-y-auto rounded-md border border-border bg-surface-raised px-3 py-2 text-sm text-neutral-100 placeholder:text-neutral-500 focus:border-primary-500 disabled:opacity-50"
        />
        {streaming ? (
          <button
            type="button"
            aria-label="Stop generating"
            onClick={onStop}
            className="inline-flex h-14 w-14 items-center justify-center rounded-md border border-border bg-surface-raised text-neutral-100 transition-colors duration-150 hover:bg-neutral-800"
          >
            <span aria-hidden="true" className="size-3.5 rounded-sm bg-current" />
          </button>
        ) : (
          <button
            type="submit"
            aria-label="Send message"
            disabled={!canSend}
            className="inline-flex h-14 items-center justify-center rounded-md bg-primary-500 px-4 text-sm font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400 disabled:opacity-50"
          >
            Send
          </button>
        )}
      </div>
      <div className="flex min-h-4 items-center justify-between gap-2 text-xs empty:hidden">
        {disabled && disabledReason && (
          <p id={reasonId} className="text-neutral-400">
            {disabledReason}
          </p>
        )}
        {length > counterThreshold && (
          <p
            id={counterId}
            data-warning={warning || undefined}
            className={`ml-auto tabular-nums ${warning ? "font-medium text-amber-400" : "text-neutral-500"}`}
          >
            {length} characters
          </p>
        )}
      </div>
    </form>
  );
});
