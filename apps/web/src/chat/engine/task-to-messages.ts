import { readToolCalls, type Task } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";
import { chatMessageFromMessage } from "./chat-messages.js";
import { isFinalState } from "./sdk-events.js";
import { foldAgentRuns, lineOf } from "./status-lines.js";

/** Id of the reply shown for a task whose history holds no agent message after the last user one. */
export function syntheticReplyId(taskId: string): string {
  return `${taskId}:reply`;
}

/**
 * A stored task as chat messages, for history loading: its history in order (user messages and
 * agent messages; agent messages in a row are one reply, the last, with the earlier ones as its
 * status lines), the status message when the history lacks it, and the reply (the last agent
 * message after the last user one) carrying the task, its state and its artifacts. A task with
 * results but no such message gets an empty reply to carry them. Stored messages have no time of
 * their own: they take the task's creation time, and a finished reply the task's end time.
 */
export function taskToMessages(task: Task, options: { agentId?: string } = {}): ChatMessage[] {
  const history = [...task.history];
  const statusMessage = task.status.message;
  if (
    statusMessage?.role === "agent" &&
    !history.some((message) => message.messageId === statusMessage.messageId)
  ) {
    history.push(statusMessage);
  }
  const final = isFinalState(task.status.state);
  const created = task.metadata.created_at;
  const ended = task.metadata.completed_at ?? task.status.timestamp;
  const agentName = task.metadata.agent_display_name;
  const place = { contextId: task.contextId, taskId: task.id, ...(agentName ? { agentName } : {}) };
  // Another agent's status messages in a row read as lines of the reply they lead to; while the
  // task works, the latest is its progress line (a line too), as the streamed reply shows it.
  const shown = foldAgentRuns(history);
  const working = !final && shown.at(-1)?.message.role === "agent" ? shown.pop() : undefined;
  const workingLines = working ? [...working.lines, lineOf(working.message)] : [];
  const messages = shown.map(({ message, lines }, index) => {
    const last = index === shown.length - 1;
    const timestamp = last && final && message.role === "agent" ? ended : created;
    const chat = chatMessageFromMessage(message, { ...place, timestamp });
    const withLines = lines.length > 0 ? { ...chat, statusLines: lines } : chat;
    return options.agentId ? { ...withLines, agentId: options.agentId } : withLines;
  });
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  let replyIndex = messages.findLastIndex((message) => message.role === "assistant");
  if (replyIndex < lastUser) replyIndex = -1;
  if (replyIndex === -1) {
    if (task.artifacts.length === 0 && !final && workingLines.length === 0) return messages;
    messages.push({
      id: syntheticReplyId(task.id),
      timestamp: final ? ended : created,
      role: "assistant",
      content: "",
      parts: [],
      artifacts: [],
      contextId: task.contextId,
      taskId: task.id,
      ...(options.agentId ? { agentId: options.agentId } : {}),
      ...(agentName ? { agentName } : {}),
      isStreaming: false,
      toolCalls: [],
      streamingArtifacts: [],
      ...(workingLines.length > 0 ? { statusLines: workingLines } : {}),
    });
    replyIndex = messages.length - 1;
  }
  const reply = messages[replyIndex];
  if (reply) {
    messages[replyIndex] = {
      ...reply,
      artifacts: task.artifacts,
      task,
      taskState: task.status.state,
      toolCalls: readToolCalls(task.metadata),
    };
  }
  return messages;
}
