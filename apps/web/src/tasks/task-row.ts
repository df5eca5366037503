import { type Task, taskStateLabel } from "@a2a-chat/contracts";
import { taskAgentLabel } from "../agents/task-agent-label.js";
import type { Agent } from "../api/agent-types.js";
import { durationBetween, formatDuration, shortId } from "../lib/durations.js";
import { formatTimestamp, parseTimestamp } from "../lib/timestamps.js";

/** One line of the task table, ready to show (core spec §2.5). */
export interface TaskRow {
  id: string;
  /** The first 8 characters of the id (core spec §9). */
  shortId: string;
  state: string;
  label: string;
  /** The agent's shown name (see taskAgentLabel). */
  agent: string;
  mcpServer: string | undefined;
  contextId: string;
  conversationName: string;
  messageCount: number;
  artifactCount: number;
  /** Only for completed or failed tasks. */
  duration: string | undefined;
  timestamp: string;
  /** The timestamp's date part ('Nov 24, 2026,') and time part ('03:04:54 AM'), for wrapping. */
  timestampDate: string;
  timestampTime: string;
  /** The status time, for sorting newest first. */
  timestampMs: number;
}

/** Error of a task whose status carries no time. */
export const missingTimestampMessage = "Task status timestamp is missing";
/** Error of a task whose status time cannot be read. */
export const invalidTimestampMessage = (value: string) => `Invalid task timestamp: ${value}`;
/** Error of a finished task whose start or end cannot be read, or ends before it starts. */
export const invalidDurationMessage = "Invalid task timestamps: cannot compute the duration";

const timedStates = new Set(["completed", "failed"]);

/** When the task reached its status, in ms; throws when it is missing or unreadable (core spec §5). */
export function taskTimestampMs(task: Task): number {
  const value = task.status.timestamp;
  if (!value) throw new Error(missingTimestampMessage);
  const ms = parseTimestamp(value);
  if (Number.isNaN(ms)) throw new Error(invalidTimestampMessage(value));
  return ms;
}

/**
 * How long a completed or failed task ran, from started_at (else created_at) to completed_at (else
 * the status time); undefined for other states. Throws when those times are unusable (core spec §5).
 */
export function taskDuration(task: Task): string | undefined {
  if (!timedStates.has(task.status.state)) return undefined;
  const start = parseTimestamp(task.metadata.started_at ?? task.metadata.created_at);
  const end = parseTimestamp(task.metadata.completed_at ?? task.status.timestamp);
  if (Number.isNaN(start) || Number.isNaN(end)) throw new Error(invalidDurationMessage);
  // Normalised to ISO so that times without a 'T' count as UTC on both ends.
  const ms = durationBetween(new Date(start).toISOString(), new Date(end).toISOString());
  if (ms === undefined) throw new Error(invalidDurationMessage);
  return formatDuration(ms);
}

function timestampParts(timestamp: string) {
  // 'Nov 24, 2026, 03:04:54 AM': the time follows the last comma.
  const cut = timestamp.lastIndexOf(", ");
  return {
    timestamp,
    timestampDate: cut < 0 ? timestamp : timestamp.slice(0, cut + 1),
    timestampTime: cut < 0 ? "" : timestamp.slice(cut + 2),
  };
}

/** A task as a table row; throws when its timestamps are missing or invalid (core spec §5). */
export function toTaskRow(
  task: Task,
  conversationNames: ReadonlyMap<string, string>,
  agents: readonly Agent[] = [],
): TaskRow {
  const timestampMs = taskTimestampMs(task);
  return {
    id: task.id,
    shortId: shortId(task.id),
    state: task.status.state,
    label: taskStateLabel(task.status.state),
    agent: taskAgentLabel(task.metadata, agents),
    mcpServer: task.metadata.mcp_server_name,
    contextId: task.contextId,
    conversationName: conversationNames.get(task.contextId) ?? shortId(task.contextId),
    messageCount: task.history.length,
    artifactCount: task.artifacts.length,
    duration: taskDuration(task),
    ...timestampParts(formatTimestamp(timestampMs)),
    timestampMs,
  };
}

/** A task row, or the reason it cannot be shown. */
export type TaskRowResult = { ok: true; row: TaskRow } | { ok: false; task: Task; error: string };

/** Rows for the tasks, newest first; tasks that cannot be shown come last with their error. */
export function toTaskRows(
  tasks: readonly Task[],
  conversationNames: ReadonlyMap<string, string>,
  agents: readonly Agent[] = [],
): TaskRowResult[] {
  const results = tasks.map((task): TaskRowResult => {
    try {
      return { ok: true, row: toTaskRow(task, conversationNames, agents) };
    } catch (error) {
      return { ok: false, task, error: error instanceof Error ? error.message : String(error) };
    }
  });
  const time = (result: TaskRowResult) => (result.ok ? result.row.timestampMs : -Infinity);
  return results.sort((a, b) => time(b) - time(a));
}
