import type { Message, Part, Task } from "@a2a-chat/contracts";
import { type RefObject, useEffect, useId, useRef } from "react";
import { MarkdownBlock } from "../chat/parts/MarkdownBlock.js";
import { shortId } from "../lib/durations.js";
import { formatTimestamp, parseTimestamp } from "../lib/timestamps.js";
import { TaskStatusBadge } from "./TaskStatusBadge.js";

/** A message's parts as the chat shows their text: markdown rendered, files and data named. */
function MessageParts({ message }: { message: Message }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 break-words">
      {message.parts.map((part: Part, index) =>
        part.kind === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          <div key={index} className="[&_code]:rounded [&_code]:bg-neutral-800 [&_code]:px-1">
            <MarkdownBlock text={part.text} />
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          <p key={index} className="text-neutral-400">
            {part.kind === "file" ? `File: ${part.file.name ?? "Unnamed file"}` : "Data Object"}
          </p>
        ),
      )}
    </div>
  );
}

function shownTime(value: string): string {
  const ms = parseTimestamp(value);
  return Number.isNaN(ms) ? value || "—" : formatTimestamp(ms);
}

const focusable = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/** Keeps Tab inside the dialog and closes it on Escape. */
function useDialogKeys(ref: RefObject<HTMLElement | null>, onClose: () => void) {
  // The latest onClose, so that a new closure from the parent does not re-run the focus effect.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>(focusable)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab" || !ref.current) return;
      const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [ref]);
}

/** The Details dialog of a task: status, timestamp, message history, artifacts and metadata. */
export function TaskDetailsDialog({
  task,
  conversationName,
  agentName,
  onClose,
}: {
  task: Task;
  conversationName: string;
  /** The agent's shown name (see taskAgentLabel); its recorded name when not given. */
  agentName?: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialogKeys(panel, onClose);
  const fromUser = task.history.filter((m) => m.role === "user").length;
  const heading = "text-xs font-semibold uppercase tracking-wider text-neutral-400";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 cursor-default"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex max-h-[85vh] w-full max-w-2xl flex-col gap-4 overflow-y-auto rounded-lg border border-border bg-surface-raised p-6 text-sm shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            Task Details <span className="font-mono text-neutral-400">{shortId(task.id)}</span>
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded px-2 py-1 text-neutral-300 hover:bg-neutral-800"
          >
            Close
          </button>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          <dt className="text-neutral-400">Status</dt>
          <dd>
            <TaskStatusBadge state={task.status.state} />
          </dd>
          <dt className="text-neutral-400">Timestamp</dt>
          <dd>{shownTime(task.status.timestamp)}</dd>
          <dt className="text-neutral-400">Agent</dt>
          <dd>{agentName ?? task.metadata.agent_name}</dd>
          <dt className="text-neutral-400">Conversation</dt>
          <dd>{conversationName}</dd>
          <dt className="text-neutral-400">Task ID</dt>
          <dd className="break-all font-mono">{task.id}</dd>
        </dl>
        <section aria-label="Message History" className="flex flex-col gap-2">
          <h3 className={heading}>Message History ({task.history.length})</h3>
          <p className="text-neutral-400">
            {fromUser} from the user, {task.history.length - fromUser} from the agent
          </p>
          <ol className="flex flex-col gap-2">
            {task.history.map((message) => (
              <li key={message.messageId} className="rounded border border-border p-2">
                <p className="text-xs font-semibold text-neutral-400">
                  {message.role === "user" ? "User" : "Agent"}
                </p>
                <MessageParts message={message} />
              </li>
            ))}
          </ol>
        </section>
        <section aria-label="Artifacts" className="flex flex-col gap-2">
          <h3 className={heading}>Artifacts ({task.artifacts.length})</h3>
          <ul className="flex flex-col gap-1">
            {task.artifacts.map((artifact) => (
              <li key={artifact.artifactId} className="flex gap-2">
                <span className="font-mono text-neutral-400">{shortId(artifact.artifactId)}</span>
                <span>{artifact.name ?? artifact.metadata.artifact_type}</span>
                <span className="text-neutral-400">{artifact.metadata.artifact_type}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Metadata" className="flex flex-col gap-2">
          <h3 className={heading}>Metadata</h3>
          <pre className="overflow-x-auto rounded bg-surface p-3 text-xs">
            {JSON.stringify(task.metadata, null, 2)}
          </pre>
        </section>
      </div>
    </div>
  );
}
