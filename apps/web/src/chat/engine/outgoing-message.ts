import {
  fileSizeMetadataKey,
  mcpAppContextKey,
  mcpAppContextMaxChars,
  type Part,
  welcomeMetadataKey,
} from "@a2a-chat/contracts";
import type { Message as SdkMessage, Part as SdkPart } from "@a2a-js/sdk";
import { newTraceId } from "../../lib/trace-id.js";
import type { OutgoingFile } from "../model/chat-types.js";
import { installBufferShim } from "./buffer-shim.js";

/** What the user sends to an agent (core spec §3 Outgoing message). */
export interface OutgoingMessage {
  role: "user";
  parts: Part[];
  /** A random unique id; the server keeps it, so the stored message has the same id. */
  messageId: string;
  contextId: string;
  /** Set when answering a task that waits for input or authorization. */
  taskId?: string;
}

/** What to build an outgoing message from. */
export interface OutgoingInput {
  text: string;
  files?: readonly OutgoingFile[];
  contextId: string;
  taskId?: string;
  messageId?: string;
  /** The chat's own first-visit greeting: marked so the server never takes it for typed text. */
  welcome?: boolean;
  /** What MCP Apps asked the model to know (ui/update-model-context), for the agent's turn. */
  appContext?: string;
  /** Structured content after the text (a form's answer to the question a task waits on). */
  data?: Record<string, unknown>;
}

/**
 * Builds the outgoing message: a text part when there is text (marked when it is the first-visit
 * greeting), then one file part per file, a link to its upload with its size in the part's
 * metadata.
 */
export function buildOutgoingMessage(input: OutgoingInput): OutgoingMessage {
  const parts: Part[] = [];
  if (input.text !== "") {
    parts.push({
      kind: "text",
      text: input.text,
      ...(input.welcome ? { metadata: { [welcomeMetadataKey]: true } } : {}),
      ...(input.appContext && !input.welcome
        ? { metadata: { [mcpAppContextKey]: input.appContext.slice(0, mcpAppContextMaxChars) } }
        : {}),
    });
  }
  if (input.data) parts.push({ kind: "data", data: input.data });
  for (const file of input.files ?? []) {
    parts.push({
      kind: "file",
      file: { name: file.name, mimeType: file.mimeType, uri: file.uri },
      metadata: { [fileSizeMetadataKey]: file.size },
    });
  }
  return {
    role: "user",
    parts,
    messageId: input.messageId ?? newTraceId(),
    contextId: input.contextId,
    ...(input.taskId ? { taskId: input.taskId } : {}),
  };
}

function partToSdk(part: Part): SdkPart {
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
      const named = {
        ...base,
        filename: part.file.name ?? "",
        mediaType: part.file.mimeType ?? "",
      };
      if (part.file.uri !== undefined) {
        return { ...named, content: { $case: "url", value: part.file.uri } };
      }
      installBufferShim();
      const value = globalThis.Buffer.from(part.file.bytes ?? "", "base64");
      return { ...named, content: { $case: "raw", value } };
    }
  }
}

const sdkRoleUser = 1;

/** The outgoing message in the SDK's v1.0 shape (the compat transport translates it for v0.3). */
export function outgoingToSdk(message: OutgoingMessage): SdkMessage {
  return {
    messageId: message.messageId,
    contextId: message.contextId,
    taskId: message.taskId ?? "",
    role: sdkRoleUser,
    parts: message.parts.map(partToSdk),
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
