import { create } from "zustand";

/** Which added agent's credentials dialog is open (one for the whole app). */
interface CredentialsDialogState {
  /** The agent's url (its identity in the agents store); null when closed. */
  agentUrl: string | null;
  /** What waits for the sign-in (a task asking for authorization), resumed by Continue. */
  onContinue: (() => void) | null;
  open: (agentUrl: string, onContinue?: () => void) => void;
  close: () => void;
}

/**
 * The credentials dialog of an agent added by URL: opened from its card (Connection, or a click
 * while it needs credentials), after adding one whose card declares how to sign in, instead of
 * a send that could only fail without them, and by a task waiting for authorization.
 */
export const useCredentialsDialog = create<CredentialsDialogState>()((set) => ({
  agentUrl: null,
  onContinue: null,
  open: (agentUrl, onContinue) => set({ agentUrl, onContinue: onContinue ?? null }),
  close: () => set({ agentUrl: null, onContinue: null }),
}));
