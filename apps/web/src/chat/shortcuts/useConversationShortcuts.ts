import { useCallback, useState } from "react";
import { useAccountModal } from "../../accounts/account-modal-store.js";
import { logger } from "../../lib/logger.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import type { BranchView } from "../engine/branch-view.js";
import { stopGenerating } from "../engine/chat-actions.js";
import { textOf } from "../engine/sent-message.js";
import { useSearchOpen } from "../search/search-open-store.js";
import type { MessageActions } from "../thread/message-actions.js";
import { useChatShortcuts } from "./useChatShortcuts.js";

/** What the copy shortcut says when it copied the last reply. */
export const copiedReplyText = "Copied the last reply";
/** What it says when there is no reply to copy. */
export const noReplyText = "No reply to copy yet";

/**
 * The chat's keyboard shortcuts for the conversation shown: what each does with its branch view
 * and actions. Returns the '?' sheet's state and a short notice to show (the copy's result).
 */
export function useConversationShortcuts(
  view: BranchView,
  actions: MessageActions,
  streaming: boolean,
) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const tell = useCallback((text: string) => {
    setNotice(text);
    setTimeout(() => setNotice((shown) => (shown === text ? null : shown)), 2500);
  }, []);

  useChatShortcuts(
    {
      newConversation: () => {
        const create = () => void useContextsStore.getState().createContext();
        // Visitors have one conversation (the conversations menu needs an account).
        if (useAuthStore.getState().isAuthenticated) create();
        else useAccountModal.getState().openSignIn({ onSignedIn: create });
      },
      search: () => useSearchOpen.getState().setOpen(true),
      focusComposer: () => {
        document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.focus();
      },
      stop: () => void stopGenerating(),
      editLast: () => {
        const last = view.messages.findLast((m) => m.role === "user" && actions.canBranch(m));
        if (last) actions.onEditing(last.id);
      },
      copyLastReply: () => {
        const reply = view.messages.findLast((m) => m.role === "assistant" && !m.isStreaming);
        if (!reply) return tell(noReplyText);
        navigator.clipboard.writeText(textOf(reply)).then(
          () => tell(copiedReplyText),
          (error: unknown) => logger.warn(`Copy failed: ${String(error)}`),
        );
      },
      help: () => setHelpOpen(true),
    },
    streaming,
  );
  return { helpOpen, closeHelp: () => setHelpOpen(false), notice };
}
