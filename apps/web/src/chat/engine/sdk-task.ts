import {
  type Artifact,
  type Message,
  type Task,
  type TaskState,
  taskSchema,
} from "@a2a-chat/contracts";
import type { Task as SdkTask } from "@a2a-js/sdk";
import { logger } from "../../lib/logger.js";
import {
  type ArtifactPlace,
  artifactFromSdk,
  artifactFromV03,
  asRecord,
  messageFromSdk,
  messageFromV03,
  stateFromSdk,
  stateFromV03,
} from "./sdk-parts.js";

/** What the converters use when an agent leaves out what our task shape requires. */
export interface TaskFallback {
  /** The agent's name, for tasks whose metadata has no agent_name (external agents). */
  agentName: string;
  /** Its shown name, likewise. */
  agentDisplayName?: string;
  /** ISO time, for a missing status timestamp or created_at. */
  now: string;
}

interface TaskFields {
  id: string;
  contextId: string;
  state: TaskState;
  timestamp: string | undefined;
  message: Message | undefined;
  history: Message[];
  artifacts: Artifact[];
  metadata: unknown;
}

function assemble(fields: TaskFields, fallback: TaskFallback): Task | undefined {
  const timestamp = fields.timestamp || fallback.now;
  const candidate = {
    id: fields.id,
    contextId: fields.contextId,
    status: {
      state: fields.state,
      timestamp,
      ...(fields.message ? { message: fields.message } : {}),
    },
    history: fields.history,
    artifacts: fields.artifacts,
    metadata: {
      task_type: "agent_message",
      agent_name: fallback.agentName,
      ...(fallback.agentDisplayName ? { agent_display_name: fallback.agentDisplayName } : {}),
      created_at: timestamp,
      ...asRecord(fields.metadata),
    },
  };
  const parsed = taskSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  logger.warn(`Skipping invalid task ${fields.id}`, parsed.error.issues[0]?.message);
  return undefined;
}

function validArtifacts<T>(
  items: readonly T[],
  convert: (item: T, place: ArtifactPlace) => Artifact | undefined,
  place: ArtifactPlace,
): Artifact[] {
  return items.flatMap((item) => {
    const artifact = convert(item, place);
    if (!artifact) logger.warn(`Skipping invalid artifact of task ${place.taskId}`);
    return artifact ?? [];
  });
}

/** Our task of an SDK v1.0 task, or undefined (with a warning) when it cannot be one. */
export function taskFromSdk(task: SdkTask, fallback: TaskFallback): Task | undefined {
  const state = stateFromSdk(task.status?.state) ?? "submitted";
  const place = {
    contextId: task.contextId,
    taskId: task.id,
    at: task.status?.timestamp || fallback.now,
  };
  return assemble(
    {
      id: task.id,
      contextId: task.contextId,
      state,
      timestamp: task.status?.timestamp,
      message: task.status?.message ? messageFromSdk(task.status.message) : undefined,
      history: task.history.map(messageFromSdk),
      artifacts: validArtifacts(task.artifacts, artifactFromSdk, place),
      metadata: task.metadata,
    },
    fallback,
  );
}

/** Our task of a v0.3 task ({kind: "task", id, contextId, status: {state: "working"}…}). */
export function taskFromV03(value: unknown, fallback: TaskFallback): Task | undefined {
  const task = asRecord(value);
  if (!task || typeof task.id !== "string" || typeof task.contextId !== "string") return undefined;
  const status = asRecord(task.status);
  const timestamp = typeof status?.timestamp === "string" ? status.timestamp : undefined;
  const place = { contextId: task.contextId, taskId: task.id, at: timestamp || fallback.now };
  const list = (items: unknown) => (Array.isArray(items) ? (items as unknown[]) : []);
  return assemble(
    {
      id: task.id,
      contextId: task.contextId,
      state: stateFromV03(status?.state) ?? "submitted",
      timestamp,
      message: status?.message ? messageFromV03(status.message) : undefined,
      history: list(task.history).flatMap((m) => messageFromV03(m) ?? []),
      artifacts: validArtifacts(list(task.artifacts), artifactFromV03, place),
      metadata: task.metadata,
    },
    fallback,
  );
}
