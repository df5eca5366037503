import type { SearchHit } from "@a2a-chat/contracts";
import { useEffect, useRef, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { searchConversations } from "../../api/conversations-api.js";
import { toApiError } from "../../lib/api-error.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useJumpStore } from "../../stores/jump-store.js";
import { useSettingsStore } from "../../stores/settings-store.js";
import { isSearchShortcut, useSearchOpen } from "./search-open-store.js";

/** Texts of the search dialog. */
export const searchTexts = {
  title: "Search conversations",
  label: "Search all your conversations",
  placeholder: "Words in messages, artifact titles or tool names",
  none: "No matches",
  kinds: { message: "Message", artifact: "Artifact", tool: "Tool" },
} as const;

/** Wait after the last key before searching, so typing sends one request, not one per key. */
const typingPauseMs = 150;

function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <span className="block truncate text-sm text-neutral-300">
      {hit.snippet.map((segment, i) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <mark key={i} className="rounded bg-primary-500/30 px-0.5 text-neutral-50">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}

/** Opens a result: its conversation, scrolled to its message. */
function openHit(hit: SearchHit): void {
  const contexts = useContextsStore.getState();
  if (hit.message_id) useJumpStore.getState().jumpTo(hit.message_id);
  if (contexts.currentContextId !== hit.context_id) contexts.switchContext(hit.context_id);
  useSettingsStore.getState().setActiveView("conversation");
}

/**
 * Search across all the user's conversations, opened with Ctrl/Cmd+K: results come as the user
 * types, best first, with the matched words highlighted; Enter or a click opens the first or the
 * chosen one at its message, arrows move the choice.
 */
export function SearchDialog() {
  const { open, setOpen } = useSearchOpen();
  const [text, setText] = useState("");
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setOpen]);

  useEffect(() => {
    if (!open) return;
    const words = text.trim();
    if (!/[\p{L}\p{N}]/u.test(words)) {
      setHits(null);
      setError(null);
      return;
    }
    const request = ++latest.current;
    const timer = setTimeout(() => {
      searchConversations(words)
        .then((found) => {
          if (request !== latest.current) return;
          setHits(found);
          setActive(0);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (request === latest.current) setError(toApiError(failure).message);
        });
    }, typingPauseMs);
    return () => clearTimeout(timer);
  }, [text, open]);

  const close = () => setOpen(false);
  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    close();
    openHit(hit);
  };

  return (
    <Modal open={open} onClose={close} title={searchTexts.title} size="lg">
      <input
        type="search"
        aria-label={searchTexts.label}
        placeholder={searchTexts.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setActive((i) => Math.min(i + 1, (hits?.length ?? 1) - 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (event.key === "Enter") {
            event.preventDefault();
            choose(hits?.[active]);
          }
        }}
        className="w-full rounded-md border border-border bg-surface px-3 py-2 text-sm"
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      )}
      {hits && hits.length === 0 && (
        <p className="mt-3 text-sm text-neutral-400">{searchTexts.none}</p>
      )}
      {hits && hits.length > 0 && (
        <ul
          aria-label="Search results"
          className="mt-3 flex max-h-[60vh] flex-col gap-1 overflow-y-auto"
        >
          {hits.map((hit, i) => (
            <li key={`${hit.kind}:${hit.message_id ?? ""}:${hit.artifact_id ?? hit.task_id ?? ""}`}>
              <button
                type="button"
                aria-current={i === active}
                onClick={() => choose(hit)}
                onMouseEnter={() => setActive(i)}
                className={`w-full rounded-md px-3 py-2 text-left ${i === active ? "bg-neutral-800" : ""}`}
              >
                <span className="flex gap-2 text-xs text-neutral-400">
                  <span className="font-medium text-neutral-200">{hit.context_name}</span>
                  <span>{searchTexts.kinds[hit.kind]}</span>
                  <time dateTime={hit.created_at}>{new Date(hit.created_at).toLocaleString()}</time>
                </span>
                <Snippet hit={hit} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
