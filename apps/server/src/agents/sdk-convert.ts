import type { Artifact, Message, Part, Task, TaskState } from "@a2a-chat/contracts";
import {
  Role,
  type Artifact as SdkArtifact,
  type Message as SdkMessage,
  type Part as SdkPart,
  type Task as SdkTask,
  TaskState as SdkTaskState,
  type TaskStatus as SdkTaskStatus,
} from "@a2a-js/sdk";

/** Pure converters between the SDK's protobuf-shaped types and our domain shapes. */

const toSdkState: Record<TaskState, SdkTaskState> = {
  submitted: SdkTaskState.TASK_STATE_SUBMITTED,
  working: SdkTaskState.TASK_STATE_WORKING,
  "input-required": SdkTaskState.TASK_STATE_INPUT_REQUIRED,
  completed: SdkTaskState.TASK_STATE_COMPLETED,
  canceled: SdkTaskState.TASK_STATE_CANCELED,
  failed: SdkTaskState.TASK_STATE_FAILED,
  rejected: SdkTaskState.TASK_STATE_REJECTED,
  "auth-required": SdkTaskState.TASK_STATE_AUTH_REQUIRED,
};

/** The reverse of toSdkState, built once: the SDK's task store calls stateFromSdk per event. */
const fromSdkState = new Map(
  Object.entries(toSdkState).map(([ours, sdk]) => [sdk, ours as TaskState]),
);

export function stateToSdk(state: TaskState): SdkTaskState {
  return toSdkState[state];
}

/** Our state of an SDK state; unspecified or unknown states read as undefined. */
export function stateFromSdk(state: SdkTaskState | undefined): TaskState | undefined {
  return state === undefined ? undefined : fromSdkState.get(state);
}

export function partToSdk(part: Part): SdkPart {
  const base = { metadata: part.metadata, filename: "", mediaType: "" };
  switch (part.kind) {
    case "text":
      return { ...base, content: { $case: "text", value: part.text }, mediaType: "text/plain" };
    case "data":
      return {
        ...base,
        content: { $case: "data", value: part.data },
        mediaType: "application/json",
      };
    case "file": {
      const { file } = part;
      const named = { ...base, filename: file.name ?? "", mediaType: file.mimeType ?? "" };
      if (file.uri !== undefined) return { ...named, content: { $case: "url", value: file.uri } };
      return {
        ...named,
        content: { $case: "raw", value: Buffer.from(file.bytes ?? "", "base64") },
      };
    }
  }
}

/** Our part of an SDK part; an empty part reads as undefined. */
export function partFromSdk(part: SdkPart): Part | undefined {
  const metadata =
    part.metadata && Object.keys(part.metadata).length > 0 ? { metadata: part.metadata } : {};
  const file = {
    ...(part.filename ? { name: part.filename } : {}),
    ...(part.mediaType ? { mimeType: part.mediaType } : {}),
  };
  switch (part.content?.$case) {
    case "text":
      return { kind: "text", text: part.content.value, ...metadata };
    case "data": {
      const value: unknown = part.content.value;
      const data =
        typeof value === "object" && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : { value };
      return { kind: "data", data, ...metadata };
    }
    case "url":
      return { kind: "file", file: { ...file, uri: part.content.value }, ...metadata };
    case "raw":
      return {
        kind: "file",
        file: { ...file, bytes: Buffer.from(part.content.value).toString("base64") },
        ...metadata,
      };
    default:
      return undefined;
  }
}

export function messageToSdk(message: Message): SdkMessage {
  return {
    messageId: message.messageId,
    contextId: message.contextId ?? "",
    taskId: message.taskId ?? "",
    role: message.role === "user" ? Role.ROLE_USER : Role.ROLE_AGENT,
    parts: message.parts.map(partToSdk),
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function messageFromSdk(message: SdkMessage): Message {
  return {
    messageId: message.messageId,
    role: message.role === Role.ROLE_USER ? "user" : "agent",
    parts: message.parts.flatMap((part) => partFromSdk(part) ?? []),
    ...(message.contextId ? { contextId: message.contextId } : {}),
    ...(message.taskId ? { taskId: message.taskId } : {}),
  };
}

/** The plain text of a message: its text parts joined. */
export function messageText(message: Pick<Message, "parts">): string {
  return message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}

export function artifactToSdk(artifact: Artifact): SdkArtifact {
  return {
    artifactId: artifact.artifactId,
    name: artifact.name ?? "",
    description: artifact.description ?? "",
    parts: artifact.parts.map(partToSdk),
    metadata: artifact.metadata,
    extensions: [],
  };
}

/** Our artifact of an SDK one, with the required metadata filled in from where it was made. */
export function artifactFromSdk(
  artifact: SdkArtifact,
  place: { contextId: string; taskId: string; at: string },
): Artifact {
  const metadata = artifact.metadata ?? {};
  return {
    artifactId: artifact.artifactId,
    ...(artifact.name ? { name: artifact.name } : {}),
    ...(artifact.description ? { description: artifact.description } : {}),
    parts: artifact.parts.flatMap((part) => partFromSdk(part) ?? []),
    metadata: {
      artifact_type: "json",
      created_at: place.at,
      ...metadata,
      context_id: place.contextId,
      task_id: place.taskId,
    },
  };
}

/** A task's status in the SDK's shape. */
export function statusToSdk(status: Task["status"]): SdkTaskStatus {
  return {
    state: stateToSdk(status.state),
    message: status.message ? messageToSdk(status.message) : undefined,
    timestamp: status.timestamp,
  };
}

export function taskToSdk(task: Task): SdkTask {
  return {
    id: task.id,
    contextId: task.contextId,
    status: statusToSdk(task.status),
    artifacts: task.artifacts.map(artifactToSdk),
    history: task.history.map(messageToSdk),
    metadata: task.metadata,
  };
}
