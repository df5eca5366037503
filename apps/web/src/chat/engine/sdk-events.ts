import {
  isTerminalTaskState,
  type Message,
  readToolCalls,
  type TaskState,
} from "@a2a-chat/contracts";
import type { StreamResponse, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from "@a2a-js/sdk";
import { logger } from "../../lib/logger.js";
import type { ChatStreamEvent } from "../model/chat-types.js";
import {
  artifactFromSdk,
  artifactFromV03,
  asRecord,
  isDeltaMetadata,
  messageFromSdk,
  messageFromV03,
  partsText,
  stateFromSdk,
  stateFromV03,
} from "./sdk-parts.js";
import { type TaskFallback, taskFromSdk, taskFromV03 } from "./sdk-task.js";

/** Whether a state ends the stream: terminal, or waiting for the user (input or auth). */
export function isFinalState(state: TaskState): boolean {
  return isTerminalTaskState(state) || state === "input-required" || state === "auth-required";
}

const skippedArtifactUpdate = "Skipping artifact-update without artifact or artifactId";

function statusEvent(
  taskId: string,
  contextId: string,
  state: TaskState,
  message: Message | undefined,
  timestamp: string,
  final: boolean,
  metadata?: unknown,
): ChatStreamEvent[] {
  // Our agents record their tool calls in the task's metadata, which status updates carry.
  const toolCalls = readToolCalls(metadata);
  return [
    {
      type: "status",
      taskId,
      contextId,
      state,
      timestamp,
      final,
      ...(message ? { message } : {}),
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    },
  ];
}

function sdkStatus(event: TaskStatusUpdateEvent, fallback: TaskFallback): ChatStreamEvent[] {
  const state = stateFromSdk(event.status?.state);
  const message = event.status?.message;
  if (message && isDeltaMetadata(message.metadata)) {
    const delta = partsText(messageFromSdk(message).parts);
    return [
      {
        type: "text",
        taskId: event.taskId,
        contextId: event.contextId,
        delta,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      },
    ];
  }
  if (!state) {
    logger.warn(`Ignoring status update of task ${event.taskId} with an unknown state`);
    return [];
  }
  return statusEvent(
    event.taskId,
    event.contextId,
    state,
    message ? messageFromSdk(message) : undefined,
    event.status?.timestamp || fallback.now,
    isFinalState(state),
    event.metadata,
  );
}

function sdkArtifact(event: TaskArtifactUpdateEvent, fallback: TaskFallback): ChatStreamEvent[] {
  if (!event.artifact?.artifactId) {
    logger.warn(skippedArtifactUpdate, event.taskId);
    return [];
  }
  const place = { contextId: event.contextId, taskId: event.taskId, at: fallback.now };
  const artifact = artifactFromSdk(event.artifact, place);
  if (!artifact) {
    logger.warn(`Skipping invalid artifact ${event.artifact.artifactId}`);
    return [];
  }
  return [
    {
      type: "artifact",
      taskId: event.taskId,
      artifact,
      append: event.append,
      lastChunk: event.lastChunk,
    },
  ];
}

/** The chat events of one SDK v1.0 stream response (none when it carries nothing usable). */
export function eventsFromSdk(response: StreamResponse, fallback: TaskFallback): ChatStreamEvent[] {
  const payload = response.payload;
  switch (payload?.$case) {
    case "task": {
      const task = taskFromSdk(payload.value, fallback);
      return task ? [{ type: "task", task }] : [];
    }
    case "message":
      return [{ type: "message", message: messageFromSdk(payload.value) }];
    case "statusUpdate":
      return sdkStatus(payload.value, fallback);
    case "artifactUpdate":
      return sdkArtifact(payload.value, fallback);
    default:
      return [];
  }
}

function v03Status(event: Record<string, unknown>, fallback: TaskFallback): ChatStreamEvent[] {
  const taskId = String(event.taskId ?? "");
  const contextId = String(event.contextId ?? "");
  const status = asRecord(event.status);
  const rawMessage = asRecord(status?.message);
  const message = rawMessage ? messageFromV03(rawMessage) : undefined;
  if (message && isDeltaMetadata(rawMessage?.metadata)) {
    return [
      {
        type: "text",
        taskId,
        contextId,
        delta: partsText(message.parts),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      },
    ];
  }
  const state = stateFromV03(status?.state);
  if (!state) {
    logger.warn(`Ignoring status update of task ${taskId} with an unknown state`);
    return [];
  }
  const timestamp = typeof status?.timestamp === "string" ? status.timestamp : "";
  const final = event.final === true || isFinalState(state);
  return statusEvent(
    taskId,
    contextId,
    state,
    message,
    timestamp || fallback.now,
    final,
    event.metadata,
  );
}

function v03Artifact(event: Record<string, unknown>, fallback: TaskFallback): ChatStreamEvent[] {
  const taskId = String(event.taskId ?? "");
  const raw = asRecord(event.artifact);
  if (!raw?.artifactId) {
    logger.warn(skippedArtifactUpdate, taskId);
    return [];
  }
  const place = { contextId: String(event.contextId ?? ""), taskId, at: fallback.now };
  const artifact = artifactFromV03(raw, place);
  if (!artifact) {
    logger.warn(`Skipping invalid artifact ${String(raw.artifactId)}`);
    return [];
  }
  return [
    {
      type: "artifact",
      taskId,
      artifact,
      append: event.append === true,
      lastChunk: event.lastChunk !== false,
    },
  ];
}

/** The chat events of one v0.3 stream result ({kind: task | message | status-update | artifact-update}). */
export function eventsFromV03(value: unknown, fallback: TaskFallback): ChatStreamEvent[] {
  const event = asRecord(value);
  switch (event?.kind) {
    case "task": {
      const task = taskFromV03(event, fallback);
      return task ? [{ type: "task", task }] : [];
    }
    case "message": {
      const message = messageFromV03(event);
      return message ? [{ type: "message", message }] : [];
    }
    case "status-update":
      return v03Status(event, fallback);
    case "artifact-update":
      return v03Artifact(event, fallback);
    default:
      logger.warn("Ignoring an unknown A2A stream result");
      return [];
  }
}

/** The chat events of a stream result in either shape: a v1.0 StreamResponse or a v0.3 event. */
export function eventsFromStreamResult(value: unknown, fallback: TaskFallback): ChatStreamEvent[] {
  const record = asRecord(value);
  if (record && "payload" in record) return eventsFromSdk(record as StreamResponse, fallback);
  return eventsFromV03(value, fallback);
}
