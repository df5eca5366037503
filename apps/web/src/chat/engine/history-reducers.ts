import type { Artifact, Message, Task, TaskState } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";
import { removeArtifact, upsertArtifact } from "./artifact-list.js";
import type { ChatData } from "./chat-data.js";
import { chatMessageFromMessage } from "./chat-messages.js";
import { sameByContent } from "./content-match.js";
import { mergeMessages, sortByTime } from "./merge-messages.js";
import { isFinalState } from "./sdk-events.js";
import { upsertHistory, withoutFoldedLines } from "./status-lines.js";
import {
  addTaskArtifact,
  isStaleStatus,
  setTaskStatus,
  trackActiveTask,
  trackPendingRequest,
  upsertTask,
  upsertTasks,
} from "./task-records.js";
import { syntheticReplyId, taskToMessages } from "./task-to-messages.js";

/** Pure reducers for what the server says: loaded history and live-stream task events. */

const byCreation = (a: Task, b: Task) => a.metadata.created_at.localeCompare(b.metadata.created_at);

function setMessages(data: ChatData, contextId: string, messages: ChatMessage[]): ChatData {
  return { ...data, messagesByContext: { ...data.messagesByContext, [contextId]: messages } };
}

function trackTask(data: ChatData, task: Task): ChatData {
  const reply = task.status.message;
  const next = trackPendingRequest(data, task.id, task.status.state, {
    messageId: reply?.messageId ?? syntheticReplyId(task.id),
    ...(reply ? { message: reply } : {}),
    timestamp: task.status.timestamp,
  });
  return trackActiveTask(next, task.contextId, task.id, task.status.state);
}

function needsTracking(data: ChatData, task: Task): boolean {
  return (
    !isFinalState(task.status.state) ||
    task.status.state === "input-required" ||
    task.status.state === "auth-required" ||
    task.id in data.pendingInputRequests ||
    task.id in data.pendingAuthRequests ||
    data.activeTaskByContext[task.contextId] === task.id
  );
}

/** Stores a task the server reported and tracks its requests, unless this tab knows newer. */
function storeTask(data: ChatData, task: Task): ChatData {
  if (isStaleStatus(data, task.id, task.status.timestamp)) return data;
  return trackTask(upsertTask(data, task), task);
}

/**
 * Tasks of a conversation whose messages are not loaded yet that the live stream told of (they
 * are stored, their messages not shown) and the loaded page lacks: its read came before them. A
 * tab that opens a conversation while another tab sends to it (the welcome of a first visit)
 * would otherwise never show them.
 */
function toldWhileLoading(data: ChatData, contextId: string, page: readonly Task[]): Task[] {
  if (data.messagesByContext[contextId] !== undefined) return [];
  const inPage = new Set(page.map((task) => task.id));
  return data.taskIds
    .map((id) => data.tasksById[id])
    .filter((task): task is Task => task?.contextId === contextId && !inPage.has(task.id));
}

/**
 * A conversation's loaded tasks: stored, their waiting requests and running tasks tracked, and
 * their messages merged with the local ones (core spec §4 merging rules).
 */
export function applyHistory(
  data: ChatData,
  contextId: string,
  tasks: readonly Task[],
  now: number,
): ChatData {
  const ordered = [
    ...tasks.filter((task) => task.contextId === contextId),
    ...toldWhileLoading(data, contextId, tasks),
  ].sort(byCreation);
  const upserted = upsertTasks(data, ordered);
  let next = upserted.data;
  // Only tasks that wait, run, or were tracked as such need their requests and activity updated;
  // skipping the rest keeps a page of thousands of finished tasks linear.
  for (const task of upserted.stored) {
    if (needsTracking(next, task)) next = trackTask(next, task);
  }
  const server = ordered.flatMap((task) => taskToMessages(task));
  const local = next.messagesByContext[contextId] ?? [];
  const merged = mergeMessages(server, local, contextId, now);
  return setMessages(next, contextId, withoutFoldedLines(merged));
}

function isStreamingTask(
  list: readonly ChatMessage[],
  taskId: string,
  running: ReadonlySet<string>,
) {
  return running.has(taskId) || list.some((m) => m.taskId === taskId && m.isStreaming);
}

/**
 * Adds messages the server reports to a loaded conversation without duplicating what this tab
 * shows: same id replaces (a bubble's reply id included); a reply bubble that knows no id is
 * replaced by the message with the same hash (confirmed, sameByContent);
 * agent messages of a task this tab is streaming are left to that stream.
 */
function mergeIncoming(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  running: ReadonlySet<string>,
): ChatMessage[] {
  const result = [...list];
  const repliedTasks = new Set<string>();
  for (const message of incoming) {
    const streamed = message.taskId && isStreamingTask(result, message.taskId, running);
    if (message.role === "assistant" && streamed) continue;
    if (message.role === "assistant" && message.taskId) repliedTasks.add(message.taskId);
    // The bubble that streamed this very message (it learned the id from its stream) is it.
    const byId = result.findIndex((m) => m.id === message.id || m.replyId === message.id);
    // A confirmed message keeps its place (and time): clocks of tab and server differ.
    const existing = result[byId];
    if (existing) {
      // A single stored message knows no lines: the bubble keeps those its stream showed.
      const lines = message.statusLines ?? existing.statusLines;
      if (!existing.isStreaming)
        result[byId] = {
          ...message,
          timestamp: existing.timestamp,
          ...(lines ? { statusLines: lines } : {}),
        };
      continue;
    }
    let optimistic = result.findIndex((m) => sameByContent(m, message));
    // A reply this tab streamed but never saw end (its server died mid-reply, and another one
    // ended the task with the text so far and a reason) is the same reply, worded differently.
    // Only a bubble that does not know which message it shows: one that does is another turn's
    // (a question of the same task, answered since).
    if (optimistic === -1 && message.role === "assistant" && message.taskId) {
      optimistic = result.findLastIndex(
        (m) =>
          m.isOptimistic &&
          !m.isStreaming &&
          m.replyId === undefined &&
          m.role === "assistant" &&
          m.taskId === message.taskId,
      );
    }
    const mine = result[optimistic];
    if (mine) result[optimistic] = { ...message, timestamp: mine.timestamp };
    else result.push(message);
  }
  // A real reply supersedes the empty one that carried the task's results until then.
  const superseded = (m: ChatMessage) =>
    m.taskId !== undefined &&
    repliedTasks.has(m.taskId) &&
    m.id === syntheticReplyId(m.taskId) &&
    !incoming.some((i) => i.id === m.id);
  // A status message the live stream added alone is a line of its reply once that arrived.
  return withoutFoldedLines(sortByTime(result.filter((m) => !superseded(m))));
}

/**
 * A task the live stream reports (task_created, task_completed): stored, tracked, and its
 * messages merged into its conversation when that conversation's messages are loaded.
 */
export function applyServerTask(
  data: ChatData,
  task: Task,
  running: ReadonlySet<string>,
): ChatData {
  const next = storeTask(data, task);
  const list = next.messagesByContext[task.contextId];
  if (!list) return next;
  return setMessages(next, task.contextId, mergeIncoming(list, taskToMessages(task), running));
}

/** A task_status_changed event: the task's state, its requests, and the state its reply shows. */
export function applyServerStatus(
  data: ChatData,
  change: { taskId: string; state: TaskState; timestamp: string; message?: Message },
): ChatData {
  if (isStaleStatus(data, change.taskId, change.timestamp)) return data;
  let next = setTaskStatus(data, change.taskId, change);
  const contextId = next.tasksById[change.taskId]?.contextId;
  next = trackPendingRequest(next, change.taskId, change.state, {
    messageId: change.message?.messageId ?? syntheticReplyId(change.taskId),
    ...(change.message ? { message: change.message } : {}),
    timestamp: change.timestamp,
  });
  if (!contextId) return next;
  next = trackActiveTask(next, contextId, change.taskId, change.state);
  const list = next.messagesByContext[contextId];
  const reply =
    list?.findLastIndex((m) => m.taskId === change.taskId && m.role === "assistant") ?? -1;
  const message = list?.[reply];
  if (!list || !message || message.taskState === change.state) return next;
  const messages = list.map((m, i) => (i === reply ? { ...m, taskState: change.state } : m));
  return setMessages(next, contextId, messages);
}

/**
 * A message told of before its conversation's messages loaded joins its stored task's history,
 * so the history that loads next shows it even when its read came first.
 */
function rememberInTask(data: ChatData, taskId: string | null, message: Message): ChatData {
  const task = taskId ? data.tasksById[taskId] : undefined;
  if (!task) return data;
  const history = upsertHistory(task.history, message);
  return { ...data, tasksById: { ...data.tasksById, [task.id]: { ...task, history } } };
}

/** A message_added event, merged into its loaded conversation; else kept with its task. */
export function applyServerMessage(
  data: ChatData,
  added: { contextId: string; taskId: string | null; message: Message; createdAt: string },
  running: ReadonlySet<string>,
): ChatData {
  const list = data.messagesByContext[added.contextId];
  if (!list) return rememberInTask(data, added.taskId, added.message);
  const agentName = added.taskId
    ? data.tasksById[added.taskId]?.metadata.agent_display_name
    : undefined;
  const message = chatMessageFromMessage(added.message, {
    contextId: added.contextId,
    timestamp: added.createdAt,
    ...(added.taskId ? { taskId: added.taskId } : {}),
    ...(agentName ? { agentName } : {}),
  });
  // The empty reply that carried the task's results hands them to the real reply.
  const synthetic = message.taskId
    ? list.find((m) => m.id === syntheticReplyId(message.taskId ?? ""))
    : undefined;
  const carried: ChatMessage =
    synthetic && message.role === "assistant"
      ? {
          ...message,
          artifacts: synthetic.artifacts,
          ...(synthetic.task ? { task: synthetic.task } : {}),
          ...(synthetic.taskState ? { taskState: synthetic.taskState } : {}),
        }
      : message;
  return setMessages(data, added.contextId, mergeIncoming(list, [carried], running));
}

/**
 * An artifact_created event: added to its task and to the task's reply in the loaded
 * conversation (the artifact it replaced, if any, removed).
 */
export function applyServerArtifact(
  data: ChatData,
  created: { taskId: string | null; artifact: Artifact; replacedArtifactId?: string },
): ChatData {
  const { artifact, taskId } = created;
  let next = taskId ? addTaskArtifact(data, taskId, artifact) : data;
  const contextId = artifact.metadata.context_id;
  const list = next.messagesByContext[contextId];
  if (!taskId || !list) return next;
  const reply = list.findLastIndex((m) => m.taskId === taskId && m.role === "assistant");
  const message = list[reply];
  if (!message) return next;
  const kept = created.replacedArtifactId
    ? removeArtifact(message.artifacts, created.replacedArtifactId)
    : message.artifacts;
  const artifacts = upsertArtifact(kept, artifact);
  if (artifacts === message.artifacts) return next;
  next = setMessages(
    next,
    contextId,
    list.map((m, i) => (i === reply ? { ...m, artifacts } : m)),
  );
  return next;
}

/**
 * Adds the placeholder a resumed task streams into. The empty reply that carried the task's
 * results so far is replaced by it (the results move over).
 */
export function addResumePlaceholder(data: ChatData, placeholder: ChatMessage): ChatData {
  const list = data.messagesByContext[placeholder.contextId] ?? [];
  const taskId = placeholder.taskId ?? "";
  const synthetic = list.find((m) => m.id === syntheticReplyId(taskId));
  const filled: ChatMessage = synthetic
    ? {
        ...placeholder,
        artifacts: synthetic.artifacts,
        ...(synthetic.task ? { task: synthetic.task } : {}),
        ...(synthetic.taskState ? { taskState: synthetic.taskState } : {}),
        ...(synthetic.statusLines ? { statusLines: synthetic.statusLines } : {}),
      }
    : placeholder;
  const rest = list.filter((m) => m !== synthetic && m.id !== placeholder.id);
  return setMessages(data, placeholder.contextId, sortByTime([...rest, filled]));
}
