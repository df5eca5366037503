import type { Task } from "@a2a-chat/contracts";
import type { ChatMessage, PendingRequest } from "../model/chat-types.js";

/** How far the history of a conversation has loaded. */
export type HistoryStatus = "loading" | "loaded" | "error";

/** The chat store's data (core spec §3 Chat state), which the pure reducers transform. */
export interface ChatData {
  /** Messages of each conversation, oldest first. */
  messagesByContext: Record<string, ChatMessage[]>;
  historyStatus: Record<string, HistoryStatus>;
  /** The assistant message of the send in flight, if any. */
  streamingMessageId: string | null;
  /** A send is in flight (a second one is refused until it ends). */
  sending: boolean;
  /** The task still running in each conversation, if any. */
  activeTaskByContext: Record<string, string>;
  /** Questions agents wait on, by task id. */
  pendingInputRequests: Record<string, PendingRequest>;
  /** Authorizations agents wait on, by task id. */
  pendingAuthRequests: Record<string, PendingRequest>;
  tasksById: Record<string, Task>;
  /** Task ids in the order they became known. */
  taskIds: string[];
  error: string | null;
  /** A connection-level failure of the agent client (replaces the chat view, core spec §2.1). */
  connectionError: string | null;
}

/** Nothing loaded, nothing in flight. */
export const initialChatData: ChatData = {
  messagesByContext: {},
  historyStatus: {},
  streamingMessageId: null,
  sending: false,
  activeTaskByContext: {},
  pendingInputRequests: {},
  pendingAuthRequests: {},
  tasksById: {},
  taskIds: [],
  error: null,
  connectionError: null,
};

/** Where a stream's events go: the assistant message (placeholder) of one conversation. */
export interface StreamTarget {
  contextId: string;
  messageId: string;
}
