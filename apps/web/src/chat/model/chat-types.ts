import type { Artifact, Message, Part, Task, TaskState } from "@a2a-chat/contracts";

/** One tool call an agent made while answering (core spec §3, Chat message). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  result?: { content: unknown; is_error: boolean };
  /** ISO time the call was seen. */
  timestamp: string;
  /** The reply was stopped while the call ran: no result will come. */
  cancelled?: boolean;
}

/** A message as the chat shows it: the client view of core spec §3. */
export interface ChatMessage {
  id: string;
  /** ISO time. */
  timestamp: string;
  role: "user" | "assistant";
  /** The plain text (text parts joined). */
  content: string;
  parts: Part[];
  artifacts: Artifact[];
  contextId: string;
  /** The url of the agent that answered or was addressed. */
  agentId?: string;
  /** The shown name of the agent that wrote it (assistant messages); kept when another is picked. */
  agentName?: string;
  taskId?: string;
  /**
   * Id of the agent's message this bubble shows, once known: a streamed reply learns it from the
   * stream, so the stored message and the streamed bubble are recognised as one.
   */
  replyId?: string;
  /** The task's state as last seen, for replies. */
  taskState?: TaskState;
  task?: Task;
  isStreaming: boolean;
  /** Added locally before the server confirmed it (kept per core spec §4 merging rules). */
  isOptimistic?: boolean;
  toolCalls: ToolCall[];
  agenticExecution?: { currentIteration: number };
  /** Ids of artifacts still receiving chunks; all are marked complete when the stream ends. */
  streamingArtifacts: string[];
  /**
   * The agent's earlier whole messages of this turn (another agent's status messages), oldest
   * first, each a line of its own; the latest is the turn's progress line while it works.
   */
  statusLines?: StatusLine[];
}

/** One of an agent's status messages, shown as a line of its own. */
export interface StatusLine {
  /** The message's id: the same id again replaces the line. */
  id: string;
  text: string;
}

/** A question or authorization an agent is waiting on (core spec §3). */
export interface PendingRequest {
  taskId: string;
  messageId: string;
  message: string;
  /** ISO time. */
  timestamp: string;
}

/** A file the user attached to the next message, already uploaded: the message carries its link. */
export interface OutgoingFile {
  name: string;
  mimeType: string;
  size: number;
  /** Absolute URL of the uploaded file on this server. */
  uri: string;
}

/**
 * What one A2A stream (or a resubscription) tells the chat, already converted from SDK types.
 * Produced by the pure converters in chat/engine; consumed by the chat reducers.
 */
export type ChatStreamEvent =
  | { type: "task"; task: Task }
  | {
      type: "text";
      taskId: string;
      contextId: string;
      delta: string;
      /** Id of the agent message the text belongs to, when the stream says it. */
      messageId?: string;
    }
  | {
      type: "status";
      taskId: string;
      contextId: string;
      state: TaskState;
      message?: Message;
      timestamp: string;
      final: boolean;
      /** The task's tool calls so far, when the update carries them (metadata.tool_calls). */
      toolCalls?: ToolCall[];
    }
  | { type: "artifact"; taskId: string; artifact: Artifact; append: boolean; lastChunk: boolean }
  | { type: "message"; message: Message };
