import { create } from "zustand";
import { registerStoreReset } from "../../stores/reset.js";
import type { OutgoingFile } from "../model/chat-types.js";

/**
 * A file attached to a draft, with a key that tells it apart from others of the same name. It is
 * uploaded as soon as it is attached; the message carries the upload's link.
 */
export interface DraftFile {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  /** Bytes uploaded so far. */
  sent: number;
  /** The stored file, once the upload finished. */
  uploaded?: { id: string; uri: string };
}

/** What the user has typed and attached in one conversation but not sent yet. */
export interface Draft {
  text: string;
  files: DraftFile[];
}

/** The unsent message of every conversation, by conversation id (in memory, for this tab). */
export interface DraftsState {
  drafts: Record<string, Draft>;
  setText: (contextId: string, text: string) => void;
  addFile: (contextId: string, file: DraftFile) => void;
  /** Changes an attached file (its upload's progress or result); a removed one stays removed. */
  updateFile: (contextId: string, key: string, change: Partial<DraftFile>) => void;
  removeFile: (contextId: string, key: string) => void;
  /** Empties a conversation's draft and returns what it held (for sending). */
  take: (contextId: string) => Draft;
  /** Puts back a draft that could not be sent, before anything typed or attached since. */
  restore: (contextId: string, draft: Draft) => void;
}

/** What a sent message carries of an uploaded draft file: its absolute link. */
export function outgoingFile(file: DraftFile): OutgoingFile {
  return {
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    uri: new URL(file.uploaded?.uri ?? "", window.location.origin).href,
  };
}

/** An empty draft; shared, never mutated. */
export const emptyDraft: Draft = Object.freeze({ text: "", files: [] }) as Draft;

function update(
  drafts: Record<string, Draft>,
  contextId: string,
  change: (draft: Draft) => Draft,
): Record<string, Draft> {
  const next = change(drafts[contextId] ?? emptyDraft);
  const copy = { ...drafts };
  if (next.text === "" && next.files.length === 0) delete copy[contextId];
  else copy[contextId] = next;
  return copy;
}

/**
 * Drafts per conversation (core spec §2.2; rule 9: nothing the user wrote is lost): switching
 * conversations shows each one's own unsent text and files, and coming back finds them again.
 */
export const useDraftsStore = create<DraftsState>()((set, get) => ({
  drafts: {},
  setText: (contextId, text) =>
    set((state) => ({ drafts: update(state.drafts, contextId, (draft) => ({ ...draft, text })) })),
  addFile: (contextId, file) =>
    set((state) => ({
      drafts: update(state.drafts, contextId, (draft) => ({
        ...draft,
        files: [...draft.files, file],
      })),
    })),
  updateFile: (contextId, key, change) =>
    set((state) => {
      const draft = state.drafts[contextId];
      if (!draft?.files.some((file) => file.key === key)) return state;
      return {
        drafts: update(state.drafts, contextId, (current) => ({
          ...current,
          files: current.files.map((file) => (file.key === key ? { ...file, ...change } : file)),
        })),
      };
    }),
  removeFile: (contextId, key) =>
    set((state) => ({
      drafts: update(state.drafts, contextId, (draft) => ({
        ...draft,
        files: draft.files.filter((file) => file.key !== key),
      })),
    })),
  take: (contextId) => {
    const draft = get().drafts[contextId] ?? emptyDraft;
    set((state) => ({ drafts: update(state.drafts, contextId, () => emptyDraft) }));
    return draft;
  },
  restore: (contextId, sent) =>
    set((state) => ({
      drafts: update(state.drafts, contextId, (current) => ({
        text: current.text.trim() === "" ? sent.text : `${sent.text}\n${current.text}`,
        files: [...sent.files, ...current.files],
      })),
    })),
}));

registerStoreReset(() => useDraftsStore.setState({ drafts: {} }));
