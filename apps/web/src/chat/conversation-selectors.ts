import type { McpRequest } from "@a2a-chat/contracts";
import type { ChatData } from "./engine/chat-data.js";
import type { ChatMessage, PendingRequest } from "./model/chat-types.js";

const noMessages: ChatMessage[] = [];

/** The loaded messages of a conversation (a stable empty list when none). */
export function selectMessages(state: ChatData, contextId: string): ChatMessage[] {
  return state.messagesByContext[contextId] ?? noMessages;
}

/** Whether a reply is streaming (or a resumed task is running) in the conversation. */
export function selectIsStreaming(state: ChatData, contextId: string): boolean {
  if (state.activeTaskByContext[contextId] !== undefined) return true;
  const id = state.streamingMessageId;
  return id !== null && selectMessages(state, contextId).some((m) => m.id === id);
}

/** The oldest pending request of one kind whose task belongs to the conversation. */
export function selectPendingRequest(
  state: ChatData,
  contextId: string,
  kind: "input" | "auth",
): PendingRequest | undefined {
  const requests = kind === "input" ? state.pendingInputRequests : state.pendingAuthRequests;
  return Object.values(requests)
    .filter((request) => state.tasksById[request.taskId]?.contextId === contextId)
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))[0];
}

/**
 * The MCP server's form (a form-mode elicitation) that a task's tool call waits on, if any: the
 * conversation shows it in place. Links to open and sampling requests keep their dialogs.
 */
export function formQuestionOf(
  requests: readonly McpRequest[],
  taskId: string,
): McpRequest | undefined {
  return requests.find(
    (r) => r.task_id === taskId && r.kind === "elicitation" && r.params.mode !== "url",
  );
}
