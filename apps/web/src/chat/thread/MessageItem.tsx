import { isTerminalTaskState } from "@a2a-chat/contracts";
import { memo, useMemo } from "react";
import { ArtifactView } from "../../artifacts/ArtifactView.js";
import { ArtifactRefreshButton } from "../../tools/ArtifactRefreshButton.js";
import type { BranchPlace } from "../engine/branch-view.js";
import { textOf } from "../engine/sent-message.js";
import type { ChatMessage, ToolCall } from "../model/chat-types.js";
import { MessagePart } from "../parts/MessagePart.js";
import { TextPart } from "../parts/TextPart.js";
import { EditMessageForm } from "./EditMessageForm.js";
import { formatMessageTime } from "./formatMessageTime.js";
import { MessageToolbar } from "./MessageToolbar.js";
import type { MessageActions } from "./message-actions.js";
import { StatusLines } from "./StatusLines.js";
import { isDirectRun, visibleArtifacts } from "./shown-messages.js";
import { ToolCallList } from "./ToolCallList.js";
import { TypingIndicator } from "./TypingIndicator.js";
import { useNewCountBadge } from "./useNewCountBadge.js";

/** What a reply whose task was canceled (Stop, or elsewhere) says about itself. */
export const stoppedBadgeText = "Stopped";

/** Props of one message of the thread. */
export interface MessageItemProps {
  message: ChatMessage;
  /** Shown as the author of assistant messages; 'Assistant' when missing. */
  agentName?: string;
  /** Shows internal artifacts (metadata.is_internal) too. */
  debugMode?: boolean;
  /** Lets artifacts (forms, call-to-action cards) send a message. */
  onSendMessage?: (text: string) => Promise<void>;
  /** Opens the tool-result view for one of the message's tool calls. */
  onOpenToolCall?: (toolCall: ToolCall, message: ChatMessage) => void;
  /** Where the message's task sits among its branches, when it has siblings. */
  branch?: BranchPlace;
  /** Edit, regenerate, fork and switch branches; none of them without. */
  actions?: MessageActions;
  /** The edit form is open on this (sent) message. */
  editing?: boolean;
  /** A reply is being written in the conversation. */
  busy?: boolean;
}

/**
 * One chat message (core spec §2.3): user messages on the right, assistant ones on the left, a
 * header with author and time, 'Updating' and '+N new' badges while streaming, its parts,
 * artifacts and tool calls. Memoised: while one reply streams, the others do not re-render.
 */
export const MessageItem = memo(function MessageItem({
  message,
  agentName,
  debugMode = false,
  onSendMessage,
  onOpenToolCall,
  branch,
  actions,
  editing = false,
  busy = false,
}: MessageItemProps) {
  const isUser = message.role === "user";
  const directRun = isDirectRun(message);
  const artifacts = useMemo(
    // A run from the tools column honours its tool's render behaviour (tools spec §3).
    () => visibleArtifacts(message.artifacts, debugMode, directRun),
    [message.artifacts, debugMode, directRun],
  );
  const internalCount = debugMode
    ? message.artifacts.filter((artifact) => artifact.metadata.is_internal).length
    : 0;
  const time = useMemo(() => formatMessageTime(message.timestamp), [message.timestamp]);
  const newArtifacts = useNewCountBadge(artifacts.length, message.isStreaming);
  const hasTextPart = message.parts.some((part) => part.kind === "text" && part.text !== "");
  // While streaming, text may have accumulated in `content` before any text part exists.
  const looseText = !hasTextPart && message.content.trim() !== "" ? message.content : undefined;
  const lines = message.statusLines ?? [];
  const working =
    message.isStreaming || message.taskState === "working" || message.taskState === "submitted";
  // A progress line says the reply is on its way: no typing dots beside it.
  const waiting =
    message.isStreaming && !hasTextPart && looseText === undefined && lines.length === 0;
  const onOpen = onOpenToolCall ? (call: ToolCall) => onOpenToolCall(call, message) : undefined;
  const ended =
    !message.isStreaming &&
    message.taskState !== undefined &&
    isTerminalTaskState(message.taskState);
  const stopped = !isUser && !message.isStreaming && message.taskState === "canceled";

  return (
    <article
      aria-label={isUser ? "Your message" : `Message from ${agentName ?? "Assistant"}`}
      data-role={message.role}
      className={`flex ${isUser ? "justify-end" : "justify-start"}`}
    >
      <div
        className={`flex max-w-[85%] min-w-0 flex-col gap-2 rounded-lg border px-4 py-3 ${
          isUser
            ? "border-primary-700/60 bg-primary-500/15"
            : "w-full border-border bg-surface-raised/60"
        }`}
      >
        <header className="flex flex-wrap items-center gap-2 text-xs text-neutral-400">
          <span className="font-medium text-neutral-200">
            {isUser ? "You" : (agentName ?? "Assistant")}
          </span>
          <time dateTime={message.timestamp}>{time}</time>
          {stopped && (
            <span
              title="The reply was stopped before it finished."
              className="rounded-full bg-neutral-500/20 px-2 py-0.5 text-neutral-300"
            >
              {stoppedBadgeText}
            </span>
          )}
          {message.isStreaming && (
            <span className="rounded-full bg-primary-500/20 px-2 py-0.5 text-primary-300">
              Updating
            </span>
          )}
          {newArtifacts > 0 && (
            <span className="rounded-full bg-green-500/20 px-2 py-0.5 text-green-300">
              +{newArtifacts} new
            </span>
          )}
          {internalCount > 0 && (
            // Debug mode shows internal artifacts too, and says how many of them there are.
            <span className="rounded-full bg-neutral-500/20 px-2 py-0.5 text-neutral-300">
              +{internalCount} internal
            </span>
          )}
        </header>
        <StatusLines lines={lines} working={working} />
        {waiting && <TypingIndicator />}
        {looseText !== undefined && <TextPart text={looseText} streaming={message.isStreaming} />}
        {editing && actions ? (
          <EditMessageForm
            initialText={textOf(message)}
            onSave={(text) => actions.onEdit(message, text)}
            onCancel={() => actions.onEditing(null)}
          />
        ) : (
          message.parts.map((part, index) => (
            // Parts have no ids and only ever get appended, so their position identifies them.
            // biome-ignore lint/suspicious/noArrayIndexKey: positional by design
            <MessagePart key={index} part={part} streaming={message.isStreaming} />
          ))
        )}
        {artifacts.map((artifact) => (
          <div key={artifact.artifactId} className="relative min-w-0">
            <ArtifactView
              artifact={artifact}
              onSendMessage={onSendMessage}
              streaming={message.streamingArtifacts.includes(artifact.artifactId)}
            />
            {/* Tool results can be re-run; the fresh result replaces this one in place. */}
            <div className="absolute top-3 right-3">
              <ArtifactRefreshButton artifact={artifact} />
            </div>
          </div>
        ))}
        <ToolCallList toolCalls={message.toolCalls} ended={ended} onOpen={onOpen} />
        {actions && !message.isStreaming && !editing && (
          <MessageToolbar message={message} branch={branch} actions={actions} busy={busy} />
        )}
      </div>
    </article>
  );
});
