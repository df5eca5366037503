import { create } from "zustand";

/** A message the conversation view should bring into view once it is loaded (a search result). */
export interface JumpState {
  messageId: string | null;
  /** Asks the view to scroll to a message (of the conversation being opened). */
  jumpTo: (messageId: string) => void;
  /** Called once the view has scrolled there. */
  done: () => void;
}

/** Where the conversation view should scroll next. */
export const useJumpStore = create<JumpState>((set) => ({
  messageId: null,
  jumpTo: (messageId) => set({ messageId }),
  done: () => set({ messageId: null }),
}));
