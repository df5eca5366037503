import type { Message, Part } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";
import type { OutgoingMessage } from "./outgoing-message.js";
import { partsText } from "./sdk-parts.js";

/** Builders of chat messages (client view, core spec §3) from what the engine knows. */

function blank(fields: Pick<ChatMessage, "id" | "timestamp" | "role" | "contextId">): ChatMessage {
  return {
    ...fields,
    content: "",
    parts: [],
    artifacts: [],
    isStreaming: false,
    toolCalls: [],
    streamingArtifacts: [],
  };
}

/** The user's message as shown right after sending (optimistic, same id as on the server). */
export function userChatMessage(
  outgoing: OutgoingMessage,
  agentId: string | undefined,
  timestamp: string,
): ChatMessage {
  return {
    ...blank({ id: outgoing.messageId, timestamp, role: "user", contextId: outgoing.contextId }),
    content: partsText(outgoing.parts),
    parts: outgoing.parts,
    ...(agentId ? { agentId } : {}),
    ...(outgoing.taskId ? { taskId: outgoing.taskId } : {}),
    isOptimistic: true,
  };
}

/** The assistant message a stream fills: empty, streaming and optimistic. */
export function assistantPlaceholder(fields: {
  id: string;
  contextId: string;
  timestamp: string;
  agentId?: string;
  /** The shown name of the agent that will write it. */
  agentName?: string;
  taskId?: string;
}): ChatMessage {
  return {
    ...blank({
      id: fields.id,
      timestamp: fields.timestamp,
      role: "assistant",
      contextId: fields.contextId,
    }),
    ...(fields.agentId ? { agentId: fields.agentId } : {}),
    ...(fields.agentName ? { agentName: fields.agentName } : {}),
    ...(fields.taskId ? { taskId: fields.taskId } : {}),
    isStreaming: true,
    isOptimistic: true,
  };
}

/** A stored message (task history, live stream) as the chat shows it. */
export function chatMessageFromMessage(
  message: Message,
  place: { contextId: string; taskId?: string; timestamp: string; agentName?: string },
): ChatMessage {
  const taskId = place.taskId ?? message.taskId;
  const agentName = message.role === "agent" ? place.agentName : undefined;
  return {
    ...blank({
      id: message.messageId,
      timestamp: place.timestamp,
      role: message.role === "user" ? "user" : "assistant",
      contextId: place.contextId,
    }),
    content: partsText(message.parts),
    parts: message.parts,
    ...(taskId ? { taskId } : {}),
    ...(agentName ? { agentName } : {}),
  };
}

/** A message with new text: content, and the text part first, other parts kept. */
export function withText(message: ChatMessage, content: string): ChatMessage {
  const others = message.parts.filter((part) => part.kind !== "text");
  const parts: Part[] = content ? [{ kind: "text", text: content }, ...others] : others;
  return { ...message, content, parts };
}

/** A message with more non-text parts (files, data) appended. */
export function withExtraParts(message: ChatMessage, parts: readonly Part[]): ChatMessage {
  const extra = parts.filter((part) => part.kind !== "text");
  return extra.length === 0 ? message : { ...message, parts: [...message.parts, ...extra] };
}
