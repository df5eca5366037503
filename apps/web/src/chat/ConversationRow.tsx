import { maxContextNameLength } from "@a2a-chat/contracts";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Conversation } from "../lib/conversation.js";

type Mode = "view" | "rename" | "confirm-delete";

interface ConversationRowProps {
  conversation: Conversation;
  isCurrent: boolean;
  /** False for the only conversation: its delete goes straight to the store, which refuses it. */
  canDelete: boolean;
  onSelect: (id: string) => void;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
}

const iconButton =
  "rounded p-1 text-neutral-400 transition-colors duration-150 hover:bg-neutral-800 hover:text-neutral-100";

/** One conversation in the dropdown: select it, rename it inline, or delete it after a confirm. */
export function ConversationRow(props: ConversationRowProps) {
  const { conversation, isCurrent, canDelete } = props;
  const [mode, setMode] = useState<Mode>("view");
  const finished = useRef(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (mode !== "view" || !returnFocus.current) return;
    returnFocus.current = false;
    renameButton.current?.focus();
  }, [mode]);

  const startRename = () => {
    finished.current = false;
    setMode("rename");
  };
  // Enter and leaving the field save (nothing typed is lost); Escape cancels. Either ends once.
  const endRename = (value: string | null) => {
    if (finished.current) return;
    finished.current = true;
    returnFocus.current = true;
    setMode("view");
    const name = value?.trim();
    if (name && name !== conversation.name) props.onRename(conversation.id, name);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      endRename(event.currentTarget.value);
    } else if (event.key === "Escape") {
      event.stopPropagation();
      endRename(null);
    }
  };
  const requestDelete = () => {
    if (canDelete) setMode("confirm-delete");
    else props.onDelete(conversation.id);
  };
  const cancelDelete = () => {
    returnFocus.current = true;
    setMode("view");
  };

  if (mode === "rename") {
    return (
      <li className="px-2 py-1">
        <input
          // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename.
          autoFocus
          aria-label={`New name for ${conversation.name}`}
          defaultValue={conversation.name}
          maxLength={maxContextNameLength}
          onKeyDown={onRenameKey}
          onBlur={(event) => endRename(event.currentTarget.value)}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded border border-primary-500 bg-surface px-2 py-1 text-sm text-neutral-100 outline-none"
        />
      </li>
    );
  }

  if (mode === "confirm-delete") {
    return (
      <li
        className="flex items-center gap-2 px-3 py-2 text-sm"
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.stopPropagation();
          cancelDelete();
        }}
      >
        <span className="flex-1 truncate text-neutral-200">Delete “{conversation.name}”?</span>
        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: the confirmation replaces the focused delete button.
          autoFocus
          onClick={() => {
            setMode("view");
            props.onDelete(conversation.id);
          }}
          className="rounded bg-red-500/80 px-2 py-0.5 text-xs font-medium text-white hover:bg-red-500"
        >
          Delete
        </button>
        <button
          type="button"
          onClick={cancelDelete}
          className="rounded px-2 py-0.5 text-xs text-neutral-300 hover:bg-neutral-800"
        >
          Cancel
        </button>
      </li>
    );
  }

  return (
    <li
      className={`group flex items-center gap-1 px-2 ${isCurrent ? "bg-primary-500/10" : "hover:bg-neutral-800/60"}`}
    >
      <button
        type="button"
        data-conversation-item=""
        aria-current={isCurrent ? "true" : undefined}
        onClick={() => props.onSelect(conversation.id)}
        className={`flex-1 truncate py-2 pl-1 text-left text-sm ${isCurrent ? "font-medium text-primary-300" : "text-neutral-200"}`}
      >
        {conversation.name}
      </button>
      <button
        ref={renameButton}
        type="button"
        aria-label={`Rename ${conversation.name}`}
        title="Rename"
        onClick={startRename}
        className={iconButton}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M13.6 2.9a2 2 0 0 1 2.8 0l.7.7a2 2 0 0 1 0 2.8L7.4 16.1l-4 1 1-4 9.2-10.2z" />
        </svg>
      </button>
      <button
        type="button"
        aria-label={`Delete ${conversation.name}`}
        title="Delete"
        onClick={requestDelete}
        className={iconButton}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M8 2h4a1 1 0 0 1 1 1v1h4v2H3V4h4V3a1 1 0 0 1 1-1zM4.5 7h11l-.8 10a1 1 0 0 1-1 1H6.3a1 1 0 0 1-1-1L4.5 7z" />
        </svg>
      </button>
    </li>
  );
}
