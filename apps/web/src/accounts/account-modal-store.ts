import { create } from "zustand";

/** Which account modal is open. */
export type AccountModalMode = "signin" | "register" | null;

/** The open account modal, and what happens once the user is signed in. */
interface AccountModalState {
  mode: AccountModalMode;
  /** The agent the sign-in was opened for; the modal names it (core spec §2.8). */
  agentName: string | null;
  /** Runs once after a successful sign-in or registration (the retried send, the picked agent). */
  onSignedIn: (() => void) | null;
  openSignIn: (options?: { agentName?: string; onSignedIn?: () => void }) => void;
  openRegister: () => void;
  /** Switches between sign-in and registration, keeping the agent and callback. */
  switchTo: (mode: Exclude<AccountModalMode, null>) => void;
  close: () => void;
}

/** The account modals' store: one sign-in or registration modal for the whole app. */
export const useAccountModal = create<AccountModalState>()((set) => ({
  mode: null,
  agentName: null,
  onSignedIn: null,
  openSignIn: (options = {}) =>
    set({
      mode: "signin",
      agentName: options.agentName ?? null,
      onSignedIn: options.onSignedIn ?? null,
    }),
  openRegister: () => set({ mode: "register", agentName: null, onSignedIn: null }),
  switchTo: (mode) => set({ mode }),
  close: () => set({ mode: null, agentName: null, onSignedIn: null }),
}));
