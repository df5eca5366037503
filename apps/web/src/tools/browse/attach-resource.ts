import { useDraftsStore } from "../../chat/composer/drafts-store.js";
import { uploadFile } from "../../lib/files-api.js";
import { selectKnownContextId } from "../../stores/contexts-selectors.js";
import { useContextsStore } from "../../stores/contexts-store.js";

/** Said when there is no conversation to put something in. */
export const noConversationText = "Open a conversation first";

let nextKey = 0;

/** The open conversation's id, or an error saying to open one. */
export function currentConversation(): string {
  const contextId = selectKnownContextId(useContextsStore.getState());
  if (!contextId) throw new Error(noConversationText);
  return contextId;
}

/**
 * Uploads a file to the open conversation and attaches it to the draft message (a file part when
 * sent), as the composer's Attach does; the chip shows the upload's progress.
 */
export async function attachToDraft(file: File, upload = uploadFile): Promise<void> {
  const contextId = currentConversation();
  nextKey += 1;
  const key = `resource-${nextKey}`;
  const drafts = useDraftsStore.getState();
  drafts.addFile(contextId, {
    key,
    name: file.name,
    mimeType: file.type || "application/octet-stream",
    size: file.size,
    sent: 0,
  });
  try {
    const stored = await upload(contextId, file, (sent) =>
      useDraftsStore.getState().updateFile(contextId, key, { sent }),
    );
    useDraftsStore.getState().updateFile(contextId, key, {
      sent: file.size,
      uploaded: { id: stored.id, uri: stored.uri },
    });
  } catch (error) {
    useDraftsStore.getState().removeFile(contextId, key);
    throw error;
  }
}

/** Puts text in the open conversation's composer (after what is typed there), to edit or send. */
export function putInComposer(text: string): void {
  const contextId = currentConversation();
  const current = useDraftsStore.getState().drafts[contextId]?.text ?? "";
  useDraftsStore.getState().setText(contextId, current.trim() ? `${current}\n\n${text}` : text);
}
