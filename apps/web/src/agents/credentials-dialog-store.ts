import { create } from "zustand";

/** Which added agent's credentials dialog is open (one for the whole app). */
interface CredentialsDialogState {
  /** The agent's url (its identity in the agents store); null when closed. */
  agentUrl: string | null;
  open: (agentUrl: string) => void;
  close: () => void;
}

/**
 * The credentials dialog of an agent added by URL: opened from its card (Connection, or a click
 * while it needs credentials) and instead of a send that could only fail without them.
 */
export const useCredentialsDialog = create<CredentialsDialogState>()((set) => ({
  agentUrl: null,
  open: (agentUrl) => set({ agentUrl }),
  close: () => set({ agentUrl: null }),
}));
