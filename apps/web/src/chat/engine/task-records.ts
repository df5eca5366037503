import type { Artifact, Message, Task, TaskState } from "@a2a-chat/contracts";
import type { PendingRequest } from "../model/chat-types.js";
import { upsertArtifact } from "./artifact-list.js";
import type { ChatData } from "./chat-data.js";
import { isFinalState } from "./sdk-events.js";
import { partsText } from "./sdk-parts.js";
import { upsertHistory } from "./status-lines.js";

/** Reducers of the task-related parts of the chat data: tasks, pending requests, active tasks. */

const ms = (value: string | undefined) => {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
};

const updatedTime = (task: Task) => ms(task.metadata.updated_at ?? task.metadata.created_at);

/**
 * Stores many tasks at once (a page of history) with the rules of upsertTask and isStaleStatus,
 * copying the task map once rather than once per task.
 */
export function upsertTasks(
  data: ChatData,
  tasks: readonly Task[],
): { data: ChatData; stored: Task[] } {
  const tasksById = { ...data.tasksById };
  const taskIds = [...data.taskIds];
  const stored: Task[] = [];
  for (const task of tasks) {
    const current = tasksById[task.id];
    if (current && ms(task.status.timestamp) < ms(current.status.timestamp)) continue;
    if (current && updatedTime(task) < updatedTime(current)) continue;
    if (!current) taskIds.push(task.id);
    const kept = keepParent(task, current);
    tasksById[task.id] = kept;
    stored.push(kept);
  }
  return { data: stored.length > 0 ? { ...data, tasksById, taskIds } : data, stored };
}

/**
 * A task as news brings it, with the branch parent the stored copy knew when the news does not
 * name one (a task from the agent's stream may lack the server's metadata).
 */
function keepParent(task: Task, stored: Task | undefined): Task {
  const known = stored?.metadata.parent_task_id;
  const fork = stored?.metadata.branch_message_id;
  let kept = task;
  if (known !== undefined && task.metadata.parent_task_id === undefined)
    kept = { ...kept, metadata: { ...kept.metadata, parent_task_id: known } };
  if (fork !== undefined && task.metadata.branch_message_id === undefined)
    kept = { ...kept, metadata: { ...kept.metadata, branch_message_id: fork } };
  return kept;
}

/** Stores a task, unless the stored one was updated later (core spec §4). */
export function upsertTask(data: ChatData, task: Task): ChatData {
  const stored = data.tasksById[task.id];
  if (stored && updatedTime(task) < updatedTime(stored)) return data;
  return {
    ...data,
    tasksById: { ...data.tasksById, [task.id]: keepParent(task, stored) },
    taskIds: stored ? data.taskIds : [...data.taskIds, task.id],
  };
}

/**
 * Whether news about a task is older than what is stored: updates reach the tab by two paths
 * (the agent's stream and the live event stream) and must not undo each other.
 */
export function isStaleStatus(data: ChatData, taskId: string, timestamp: string): boolean {
  const stored = data.tasksById[taskId];
  return stored !== undefined && ms(timestamp) < ms(stored.status.timestamp);
}

/**
 * Sets a known task's state and time (and message); older changes and unknown tasks are ignored.
 * The agent's status message is the task's progress line and joins its history (a message with
 * the same id replaced), so the history holds every one of them.
 */
export function setTaskStatus(
  data: ChatData,
  taskId: string,
  status: { state: TaskState; timestamp: string; message?: Message },
): ChatData {
  const stored = data.tasksById[taskId];
  if (!stored || isStaleStatus(data, taskId, status.timestamp)) return data;
  // An empty one (a bare end) is no message of the history, as on the server.
  const message = status.message;
  const said =
    message?.role === "agent" && partsText(message.parts).trim() !== "" ? message : undefined;
  const next: Task = {
    ...stored,
    status: { ...stored.status, ...status },
    ...(said ? { history: upsertHistory(stored.history, said) } : {}),
  };
  return { ...data, tasksById: { ...data.tasksById, [taskId]: next } };
}

/** Adds an artifact to a known task (same rules as everywhere: fingerprint, never older). */
export function addTaskArtifact(
  data: ChatData,
  taskId: string,
  artifact: Artifact,
  append = false,
): ChatData {
  const stored = data.tasksById[taskId];
  if (!stored) return data;
  const artifacts = upsertArtifact(stored.artifacts, artifact, append);
  if (artifacts === stored.artifacts) return data;
  return { ...data, tasksById: { ...data.tasksById, [taskId]: { ...stored, artifacts } } };
}

const isWaitingState = (state: TaskState) =>
  state === "input-required" || state === "auth-required";

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/**
 * Registers the input or auth request a task now waits on, or removes the task's requests when it
 * is in any other state (resolved). The request's message is the agent's text.
 */
export function trackPendingRequest(
  data: ChatData,
  taskId: string,
  state: TaskState,
  details: { messageId: string; message?: Message; timestamp: string },
): ChatData {
  const waiting = state === "input-required" ? data.pendingInputRequests : data.pendingAuthRequests;
  // A later view of the same wait without the agent's message (a bare task read) keeps the request.
  if (isWaitingState(state) && !details.message && waiting[taskId]) return data;
  const inputs = without(data.pendingInputRequests, taskId);
  const auths = without(data.pendingAuthRequests, taskId);
  const request: PendingRequest = {
    taskId,
    messageId: details.message?.messageId ?? details.messageId,
    message: details.message ? partsText(details.message.parts) : "",
    timestamp: details.timestamp,
  };
  if (state === "input-required") {
    return {
      ...data,
      pendingInputRequests: { ...inputs, [taskId]: request },
      pendingAuthRequests: auths,
    };
  }
  if (state === "auth-required") {
    return {
      ...data,
      pendingInputRequests: inputs,
      pendingAuthRequests: { ...auths, [taskId]: request },
    };
  }
  if (inputs === data.pendingInputRequests && auths === data.pendingAuthRequests) return data;
  return { ...data, pendingInputRequests: inputs, pendingAuthRequests: auths };
}

/** Removes the requests of a task (answered). */
export function clearPendingRequests(data: ChatData, taskId: string): ChatData {
  return {
    ...data,
    pendingInputRequests: without(data.pendingInputRequests, taskId),
    pendingAuthRequests: without(data.pendingAuthRequests, taskId),
  };
}

/**
 * Marks a conversation's task as running, or clears it once the task ended or waits. A run from
 * the tools column (an mcp_execution task) is not a reply: it never counts as running, so the
 * composer stays free and says nothing of an AI responding.
 */
export function trackActiveTask(
  data: ChatData,
  contextId: string,
  taskId: string,
  state: TaskState,
): ChatData {
  const current = data.activeTaskByContext[contextId];
  if (data.tasksById[taskId]?.metadata.task_type === "mcp_execution" || isFinalState(state))
    return untrackActiveTask(data, contextId, taskId);
  if (current === taskId) return data;
  return { ...data, activeTaskByContext: { ...data.activeTaskByContext, [contextId]: taskId } };
}

/**
 * Stops counting a task as the conversation's running reply: it ended, or this tab can no longer
 * reach the server to follow it (it may have died with the server). The composer is free
 * again; what the server says of the task later (its end on the live stream, a history load that
 * finds it still running) is applied as usual.
 */
export function untrackActiveTask(data: ChatData, contextId: string, taskId: string): ChatData {
  if (data.activeTaskByContext[contextId] !== taskId) return data;
  return { ...data, activeTaskByContext: without(data.activeTaskByContext, contextId) };
}
