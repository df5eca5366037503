import {
  type Artifact,
  isTaskState,
  isValidArtifact,
  type Message,
  type Part,
  type TaskState,
} from "@a2a-chat/contracts";
import type {
  Artifact as SdkArtifact,
  Message as SdkMessage,
  Part as SdkPart,
  TaskState as SdkTaskState,
} from "@a2a-js/sdk";
import { newTraceId } from "../../lib/trace-id.js";
import { bytesToBase64 } from "./buffer-shim.js";

/**
 * Pure converters from the SDK's v1.0 (protobuf-shaped) and v0.3 (JSON, `kind`-tagged) parts,
 * messages and artifacts to the domain types of @a2a-chat/contracts.
 */

/** Metadata key our agents put on a status message that carries only the next piece of text. */
export const deltaMetadataKey = "a2a_chat_delta";

// Numeric values of the SDK's TaskState enum. Importing the enum itself would pull the SDK's main
// entry (a second copy of its codecs) into the web bundle next to the client entry.
const sdkStates: ReadonlyArray<readonly [SdkTaskState, TaskState]> = [
  [1, "submitted"],
  [2, "working"],
  [3, "completed"],
  [4, "failed"],
  [5, "canceled"],
  [6, "input-required"],
  [7, "rejected"],
  [8, "auth-required"],
];
const sdkRoleUser = 1;

/** A record, or undefined when the value is not a plain object. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** Our state of an SDK v1.0 state; unspecified or unknown states read as undefined. */
export function stateFromSdk(state: SdkTaskState | undefined): TaskState | undefined {
  return sdkStates.find(([value]) => value === state)?.[1];
}

/** Our state of a v0.3 state string ("working", "input-required"…); "unknown" reads as undefined. */
export function stateFromV03(state: unknown): TaskState | undefined {
  return isTaskState(state) ? state : undefined;
}

/** The plain text of parts: the text parts joined. */
export function partsText(parts: readonly Part[]): string {
  return parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}

/** Whether message metadata marks a streamed text delta. */
export function isDeltaMetadata(metadata: unknown): boolean {
  return asRecord(metadata)?.[deltaMetadataKey] === true;
}

function withMetadata(metadata: unknown): { metadata?: Record<string, unknown> } {
  const record = asRecord(metadata);
  return record && Object.keys(record).length > 0 ? { metadata: record } : {};
}

function dataOf(value: unknown): Record<string, unknown> {
  return asRecord(value) ?? { value };
}

/** Our part of an SDK v1.0 part; an empty part reads as undefined. */
export function partFromSdk(part: SdkPart): Part | undefined {
  const metadata = withMetadata(part.metadata);
  const file = {
    ...(part.filename ? { name: part.filename } : {}),
    ...(part.mediaType ? { mimeType: part.mediaType } : {}),
  };
  switch (part.content?.$case) {
    case "text":
      return { kind: "text", text: part.content.value, ...metadata };
    case "data":
      return { kind: "data", data: dataOf(part.content.value), ...metadata };
    case "url":
      return { kind: "file", file: { ...file, uri: part.content.value }, ...metadata };
    case "raw":
      return {
        kind: "file",
        file: { ...file, bytes: bytesToBase64(Uint8Array.from(part.content.value)) },
        ...metadata,
      };
    default:
      return undefined;
  }
}

/** Our part of a v0.3 part ({kind: text|file|data}); anything else reads as undefined. */
export function partFromV03(value: unknown): Part | undefined {
  const part = asRecord(value);
  if (!part) return undefined;
  const metadata = withMetadata(part.metadata);
  if (part.kind === "text" && typeof part.text === "string") {
    return { kind: "text", text: part.text, ...metadata };
  }
  if (part.kind === "data" && part.data !== undefined) {
    return { kind: "data", data: dataOf(part.data), ...metadata };
  }
  const file = asRecord(part.file);
  if (part.kind !== "file" || !file) return undefined;
  const named = {
    ...(text(file.name) ? { name: String(file.name) } : {}),
    ...(text(file.mimeType) ? { mimeType: String(file.mimeType) } : {}),
  };
  if (text(file.uri))
    return { kind: "file", file: { ...named, uri: String(file.uri) }, ...metadata };
  if (typeof file.bytes === "string") {
    return { kind: "file", file: { ...named, bytes: file.bytes }, ...metadata };
  }
  return undefined;
}

/** Our message of an SDK v1.0 message (an agent message unless the role says user). */
export function messageFromSdk(message: SdkMessage): Message {
  return {
    messageId: text(message.messageId) ?? newTraceId(),
    role: message.role === sdkRoleUser ? "user" : "agent",
    parts: message.parts.flatMap((part) => partFromSdk(part) ?? []),
    ...(message.contextId ? { contextId: message.contextId } : {}),
    ...(message.taskId ? { taskId: message.taskId } : {}),
  };
}

/** Our message of a v0.3 message ({kind: "message", role: "user" | "agent", parts…}). */
export function messageFromV03(value: unknown): Message | undefined {
  const message = asRecord(value);
  if (!message || !Array.isArray(message.parts)) return undefined;
  return {
    messageId: text(message.messageId) ?? newTraceId(),
    role: message.role === "user" ? "user" : "agent",
    parts: message.parts.flatMap((part) => partFromV03(part) ?? []),
    ...(text(message.contextId) ? { contextId: String(message.contextId) } : {}),
    ...(text(message.taskId) ? { taskId: String(message.taskId) } : {}),
  };
}

/** Where an artifact was made: fills its required metadata the way the server does. */
export interface ArtifactPlace {
  contextId: string;
  taskId: string;
  /** ISO time used when the artifact carries no created_at. */
  at: string;
}

interface ArtifactFields {
  artifactId?: unknown;
  name?: unknown;
  description?: unknown;
  metadata?: unknown;
}

/**
 * The type an artifact without one is shown as: text parts alone read as text (not a quoted JSON
 * string), file parts alone as files, anything else as JSON.
 */
export function defaultArtifactType(parts: Part[]): string {
  if (parts.length > 0 && parts.every((part) => part.kind === "text")) return "text";
  if (parts.length > 0 && parts.every((part) => part.kind === "file")) return "file";
  return "json";
}

function placedArtifact(
  fields: ArtifactFields,
  parts: Part[],
  place: ArtifactPlace,
): Artifact | undefined {
  const artifact = {
    artifactId: fields.artifactId,
    ...(text(fields.name) ? { name: fields.name } : {}),
    ...(text(fields.description) ? { description: fields.description } : {}),
    parts,
    metadata: {
      artifact_type: defaultArtifactType(parts),
      created_at: place.at,
      ...asRecord(fields.metadata),
      context_id: place.contextId,
      task_id: place.taskId,
    },
  };
  return isValidArtifact(artifact) ? artifact : undefined;
}

/** Our artifact of an SDK v1.0 artifact, or undefined when it is not a valid one. */
export function artifactFromSdk(artifact: SdkArtifact, place: ArtifactPlace): Artifact | undefined {
  const parts = artifact.parts.flatMap((part) => partFromSdk(part) ?? []);
  return placedArtifact(artifact, parts, place);
}

/** Our artifact of a v0.3 artifact, or undefined when it is not a valid one. */
export function artifactFromV03(value: unknown, place: ArtifactPlace): Artifact | undefined {
  const artifact = asRecord(value);
  if (!artifact || !Array.isArray(artifact.parts)) return undefined;
  const parts = artifact.parts.flatMap((part) => partFromV03(part) ?? []);
  return placedArtifact(artifact, parts, place);
}
