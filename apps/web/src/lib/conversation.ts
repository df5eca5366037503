import type { ContextRecord } from "@a2a-chat/contracts";

/** A conversation (context) in client form (core spec §3). */
export interface Conversation {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

/** The server form of a conversation as far as the client form can fill it (core spec §3). */
export type ServerConversation = Pick<
  ContextRecord,
  "context_id" | "name" | "created_at" | "updated_at" | "message_count"
>;

/** Converts a conversation from the API or the live stream into client form. */
export function toConversation(record: ServerConversation): Conversation {
  return {
    id: record.context_id,
    name: record.name,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    messageCount: record.message_count,
  };
}

/** Converts a conversation back into server form. */
export function toServerConversation(conversation: Conversation): ServerConversation {
  return {
    context_id: conversation.id,
    name: conversation.name,
    created_at: conversation.createdAt,
    updated_at: conversation.updatedAt,
    message_count: conversation.messageCount,
  };
}
