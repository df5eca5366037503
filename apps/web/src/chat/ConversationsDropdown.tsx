import { useEffect, useId, useRef, useState } from "react";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import {
  selectCurrentConversation,
  selectIsLoadingConversations,
} from "../stores/contexts-selectors.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { ConversationRow } from "./ConversationRow.js";
import { loadingConversationsText } from "./ConversationView.js";
import {
  conversationSearchThreshold,
  filterConversations,
  noConversationMatchText,
} from "./conversation-filter.js";

/** The item that creates a conversation (tools spec §2). */
export const newConversationText = "New Conversation";

const itemSelector = "[data-conversation-item]";

/**
 * The header's conversations dropdown: the current conversation's name; opened, every
 * conversation (select, rename, delete) and 'New Conversation'. It is available only when
 * signed in (tools spec §2): for a visitor the button opens the sign-in modal instead, and the
 * list opens once they are signed in. A visitor keeps one conversation (their chat moves into
 * the account when they sign in).
 */
export function ConversationsDropdown() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const conversations = useContextsStore((state) => state.conversations);
  const currentId = useContextsStore((state) => state.currentContextId);
  const current = useContextsStore(selectCurrentConversation);
  const loading = useContextsStore(selectIsLoadingConversations);
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [query, setQuery] = useState("");
  const searchable = conversations.length > conversationSearchThreshold;
  const shown = searchable ? filterConversations(conversations, query) : conversations;
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const items = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setQuery("");
    if (focusTrigger) trigger.current?.focus();
  };

  // Opening (and a deletion, which removes the focused row) puts focus on the current item.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusRequest only triggers the effect.
  useEffect(() => {
    if (!open) return;
    const target =
      panel.current?.querySelector<HTMLElement>("[data-conversation-search]") ??
      panel.current?.querySelector<HTMLElement>(`${itemSelector}[aria-current="true"]`) ??
      items()[0] ??
      panel.current?.querySelector<HTMLElement>("[data-new-conversation]");
    target?.focus();
  }, [open, focusRequest]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || root.current?.contains(event.target)) return;
      // Blur first: a rename in progress saves on blur, which would not come once unmounted.
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && panel.current?.contains(focused)) focused.blur();
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Listened on the document so Escape works wherever focus is; a row that handles Escape
  // itself (cancelling a rename) stops it before it gets here.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        trigger.current?.focus();
        return;
      }
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      const list = items();
      if (list.length === 0 || !panel.current?.contains(document.activeElement)) return;
      event.preventDefault();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  });

  const store = useContextsStore.getState;
  const label = loading || !current ? loadingConversationsText : current.name;

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Conversation: ${label}`}
        onClick={() => {
          if (signedIn) setOpen((value) => !value);
          else useAccountModal.getState().openSignIn({ onSignedIn: () => setOpen(true) });
        }}
        className="flex max-w-40 items-center gap-2 sm:max-w-64 rounded-md border border-border px-3 py-1 text-sm text-neutral-100 transition-colors duration-150 hover:bg-surface-raised"
      >
        <span className="truncate">{label}</span>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {open && signedIn && (
        <div
          ref={panel}
          id={panelId}
          className="absolute left-0 z-20 mt-1 w-72 rounded-md border border-border bg-surface-raised py-1 shadow-lg"
        >
          {searchable && (
            <div className="px-2 pb-1">
              <input
                type="search"
                data-conversation-search=""
                aria-label="Search conversations"
                placeholder="Search conversations"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                className="w-full rounded-md border border-border bg-surface px-2 py-1 text-sm text-neutral-100"
              />
            </div>
          )}
          {searchable && shown.length === 0 && (
            <p className="px-3 py-2 text-sm text-neutral-400">{noConversationMatchText}</p>
          )}
          <ul aria-label="Conversations" className="max-h-96 overflow-y-auto">
            {shown.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                isCurrent={conversation.id === currentId}
                canDelete={conversations.length > 1}
                onSelect={(id) => {
                  store().switchContext(id);
                  close(true);
                }}
                onRename={(id, name) => void store().renameContext(id, name)}
                onDelete={(id) => {
                  void store().deleteContext(id);
                  setFocusRequest((n) => n + 1);
                }}
              />
            ))}
          </ul>
          <div className="mt-1 border-t border-border pt-1">
            <button
              type="button"
              data-new-conversation=""
              onClick={() => {
                void store().createContext();
                close(true);
              }}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-primary-300 transition-colors duration-150 hover:bg-neutral-800"
            >
              <span aria-hidden="true">+</span>
              {newConversationText}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
