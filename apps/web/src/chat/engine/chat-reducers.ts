import { type Artifact, type Message, readToolCalls, type Task } from "@a2a-chat/contracts";
import type { ChatMessage, ChatStreamEvent } from "../model/chat-types.js";
import { upsertArtifact } from "./artifact-list.js";
import type { ChatData, StreamTarget } from "./chat-data.js";
import { withExtraParts, withText } from "./chat-messages.js";
import { isFinalState } from "./sdk-events.js";
import { partsText } from "./sdk-parts.js";
import { turnLines, upsertStatusLine } from "./status-lines.js";
import {
  addTaskArtifact,
  setTaskStatus,
  trackActiveTask,
  trackPendingRequest,
  upsertTask,
} from "./task-records.js";

/** Pure reducers of message streaming (core spec §4 Message streaming). */

/** Applies a change to one message of a conversation; unknown messages leave the data as is. */
export function updateMessage(
  data: ChatData,
  target: StreamTarget,
  change: (message: ChatMessage) => ChatMessage,
): ChatData {
  const list = data.messagesByContext[target.contextId];
  const index = list?.findIndex((m) => m.id === target.messageId) ?? -1;
  const current = list?.[index];
  if (!list || !current) return data;
  const next = change(current);
  if (next === current) return data;
  const messages = list.map((m, i) => (i === index ? next : m));
  return {
    ...data,
    messagesByContext: { ...data.messagesByContext, [target.contextId]: messages },
  };
}

/** Adds the user's message (when there is one) and the assistant placeholder to their conversation. */
export function addOptimistic(
  data: ChatData,
  messages: { user?: ChatMessage; assistant: ChatMessage },
): ChatData {
  const contextId = messages.assistant.contextId;
  const added = messages.user ? [messages.user, messages.assistant] : [messages.assistant];
  const list = data.messagesByContext[contextId] ?? [];
  const fresh = added.filter((m) => !list.some((existing) => existing.id === m.id));
  return {
    ...data,
    messagesByContext: { ...data.messagesByContext, [contextId]: [...list, ...fresh] },
  };
}

function withArtifact(
  message: ChatMessage,
  artifact: Artifact,
  append: boolean,
  lastChunk: boolean,
) {
  const artifacts = upsertArtifact(message.artifacts, artifact, append);
  const replaced = message.artifacts.filter((a) => !artifacts.includes(a)).map((a) => a.artifactId);
  const streaming = message.streamingArtifacts.filter(
    (id) => id !== artifact.artifactId && !replaced.includes(id),
  );
  const kept = artifacts.some((a) => a.artifactId === artifact.artifactId);
  return {
    ...message,
    artifacts,
    streamingArtifacts: !lastChunk && kept ? [...streaming, artifact.artifactId] : streaming,
  };
}

/** The text of the reply a bubble shows: its own message's when it knows it, else the newest. */
function replyText(task: Task, replyId: string | undefined): string | undefined {
  const status = task.status.message;
  if (replyId !== undefined) {
    const own =
      status?.messageId === replyId ? status : task.history.find((m) => m.messageId === replyId);
    return own ? partsText(own.parts) : undefined;
  }
  if (status?.role === "agent" && partsText(status.parts)) return partsText(status.parts);
  const lastAgent = task.history.findLast((m: Message) => m.role === "agent");
  return lastAgent ? partsText(lastAgent.parts) : "";
}

/**
 * Whether the task has gone on past the reply a bubble shows: the user answered after it (a task
 * read back late, when the user already answered its question). That turn belongs to the newer
 * bubble, which streams it.
 */
function movedPast(task: Task, replyId: string | undefined): boolean {
  if (replyId === undefined) return false;
  const at = task.history.findIndex((m) => m.messageId === replyId);
  return at !== -1 && task.history.slice(at + 1).some((m) => m.role === "user");
}

/** The id of the agent message a bubble shows, kept from the first time the stream names it. */
function withReplyId(message: ChatMessage, replyId: string | undefined): ChatMessage {
  return replyId === undefined || message.replyId !== undefined ? message : { ...message, replyId };
}

function applyTask(data: ChatData, target: StreamTarget, task: Task): ChatData {
  const final = isFinalState(task.status.state);
  let next = upsertTask(data, task);
  const shown = next.messagesByContext[target.contextId]?.find((m) => m.id === target.messageId);
  if (movedPast(task, shown?.replyId)) return next;
  next = updateMessage(next, target, (message) => {
    const toolCalls = readToolCalls(task.metadata);
    let updated: ChatMessage = {
      ...message,
      taskId: task.id,
      taskState: task.status.state,
      task,
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    };
    for (const artifact of task.artifacts) updated = withArtifact(updated, artifact, false, true);
    // A working task read whole (a resubscription's first event) names the lines so far; at the
    // end, the lines are those the stream showed.
    const lines = final || message.statusLines ? [] : turnLines(task);
    if (lines.length > 0) updated = { ...updated, statusLines: lines };
    if (!final) return updated;
    // The final task holds the whole reply; it wins over what the chunks added up to.
    const text = replyText(task, message.replyId);
    return { ...withText(updated, text || updated.content), isStreaming: false };
  });
  next = trackPendingRequest(next, task.id, task.status.state, {
    messageId: target.messageId,
    ...(task.status.message ? { message: task.status.message } : {}),
    timestamp: task.status.timestamp,
  });
  return trackActiveTask(next, target.contextId, task.id, task.status.state);
}

function applyStatus(
  data: ChatData,
  target: StreamTarget,
  event: Extract<ChatStreamEvent, { type: "status" }>,
): ChatData {
  let next = updateMessage(data, target, (message) => {
    const updated = {
      ...message,
      taskId: event.taskId,
      taskState: event.state,
      ...(event.toolCalls ? { toolCalls: event.toolCalls } : {}),
    };
    const text = event.message ? partsText(event.message.parts) : "";
    if (event.message?.role !== "agent") return updated;
    // A working status's message is a whole message of its own: a line, never joined to text.
    if (!event.final)
      return { ...updated, statusLines: upsertStatusLine(updated.statusLines, event.message) };
    if (updated.replyId !== undefined && updated.replyId !== event.message.messageId)
      return updated;
    // The final status message carries the full reply (our agents stream the pieces before); a
    // status line it repeats is the reply now.
    const replyId = event.message.messageId;
    const lines = updated.statusLines?.filter((line) => line.id !== replyId);
    return withExtraParts(
      withText(
        withReplyId({ ...updated, ...(lines ? { statusLines: lines } : {}) }, replyId),
        text || updated.content,
      ),
      event.message.parts,
    );
  });
  next = setTaskStatus(next, event.taskId, {
    state: event.state,
    timestamp: event.timestamp,
    ...(event.message ? { message: event.message } : {}),
  });
  next = trackPendingRequest(next, event.taskId, event.state, {
    messageId: target.messageId,
    ...(event.message ? { message: event.message } : {}),
    timestamp: event.timestamp,
  });
  return trackActiveTask(next, target.contextId, event.taskId, event.state);
}

/**
 * Applies one stream event to the placeholder it fills: text chunks accumulate; artifact updates
 * append parts or replace an artifact with the same id or fingerprint (never by an older one);
 * an input-required or auth-required status registers a pending request for the task; the final
 * task makes the placeholder final, is stored, and its artifacts are added.
 */
export function applyStreamEvent(
  data: ChatData,
  target: StreamTarget,
  event: ChatStreamEvent,
): ChatData {
  return withoutStoredCopy(applyEvent(data, target, event), target);
}

/**
 * Once a streamed bubble knows which stored message it shows, a copy of that message the live
 * stream added before (it can arrive first: another connection) goes: the stream shows it.
 */
function withoutStoredCopy(data: ChatData, target: StreamTarget): ChatData {
  const list = data.messagesByContext[target.contextId];
  const replyId = list?.find((m) => m.id === target.messageId)?.replyId;
  if (!list || replyId === undefined || !list.some((m) => m.id === replyId)) return data;
  return {
    ...data,
    messagesByContext: {
      ...data.messagesByContext,
      [target.contextId]: list.filter((m) => m.id !== replyId),
    },
  };
}

function applyEvent(data: ChatData, target: StreamTarget, event: ChatStreamEvent): ChatData {
  switch (event.type) {
    case "text":
      if (event.delta === "") return data;
      return updateMessage(data, target, (message) =>
        withText(
          withReplyId({ ...message, taskId: message.taskId ?? event.taskId }, event.messageId),
          message.content + event.delta,
        ),
      );
    case "status":
      return applyStatus(data, target, event);
    case "artifact": {
      const next = updateMessage(data, target, (message) =>
        withArtifact(
          { ...message, taskId: message.taskId ?? event.taskId },
          event.artifact,
          event.append,
          event.lastChunk,
        ),
      );
      return addTaskArtifact(next, event.taskId, event.artifact, event.append);
    }
    case "task":
      return applyTask(data, target, event.task);
    case "message": {
      if (event.message.role !== "agent") return data;
      const text = partsText(event.message.parts);
      return updateMessage(data, target, (message) => {
        const content =
          message.content && text ? `${message.content}\n\n${text}` : message.content || text;
        const taskId = message.taskId ?? event.message.taskId;
        return withExtraParts(
          withText({ ...message, ...(taskId ? { taskId } : {}) }, content),
          event.message.parts,
        );
      });
    }
  }
}

/** Ends a stream: the placeholder stops streaming and all its streaming artifacts are complete. */
export function finishStream(data: ChatData, target: StreamTarget): ChatData {
  const next = updateMessage(data, target, (message) =>
    message.isStreaming || message.streamingArtifacts.length > 0
      ? { ...message, isStreaming: false, streamingArtifacts: [] }
      : message,
  );
  return next.streamingMessageId === target.messageId
    ? { ...next, streamingMessageId: null }
    : next;
}

/** A failed send: its optimistic user and assistant messages are removed. */
export function failStream(
  data: ChatData,
  failed: { contextId: string; userMessageId?: string; assistantMessageId: string },
): ChatData {
  const list = data.messagesByContext[failed.contextId] ?? [];
  const gone = new Set([failed.assistantMessageId, failed.userMessageId]);
  const messages = list.filter((m) => !(gone.has(m.id) && m.isOptimistic));
  return {
    ...data,
    messagesByContext: { ...data.messagesByContext, [failed.contextId]: messages },
    streamingMessageId:
      data.streamingMessageId === failed.assistantMessageId ? null : data.streamingMessageId,
  };
}
