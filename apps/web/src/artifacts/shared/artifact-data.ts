import type { Artifact, FileContent } from "@a2a-chat/contracts";

/** A plain JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a plain object. */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The data of the artifact's first data part, if it has one. */
export function firstDataPart(artifact: Artifact): JsonObject | undefined {
  for (const part of artifact.parts) {
    if (part.kind === "data") return part.data;
  }
  return undefined;
}

/** The text of the artifact's first text part, if it has one. */
export function firstTextPart(artifact: Artifact): string | undefined {
  for (const part of artifact.parts) {
    if (part.kind === "text") return part.text;
  }
  return undefined;
}

/** The artifact's rendering hints, or an empty object (core spec §3). */
export function renderingHints(artifact: Artifact): JsonObject {
  const hints = artifact.metadata.rendering_hints;
  return isRecord(hints) ? hints : {};
}

/** The value when it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The value when it is a finite number, else undefined. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A value as display text: strings as they are, other values as JSON. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** The files of the artifact's file parts (images, audio, documents), in order. */
export function artifactFiles(artifact: Artifact): FileContent[] {
  return artifact.parts.flatMap((part) => (part.kind === "file" ? [part.file] : []));
}
