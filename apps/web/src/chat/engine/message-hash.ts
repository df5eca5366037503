import type { ChatMessage } from "../model/chat-types.js";

/** Thrown when a message lacks what its hash is made of (core spec §5). */
export const unhashableMessageText = "Cannot hash a message without role and content";

function fnv1a(text: string, seed: number): string {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * The hash messages are de-duplicated by: role, content and conversation (core spec §4).
 * Throws when the message has no role or no content.
 */
export function messageHash(
  message: Partial<Pick<ChatMessage, "role" | "content" | "contextId">>,
): string {
  if (!message.role || typeof message.content !== "string") {
    throw new Error(unhashableMessageText);
  }
  const key = `${message.role}\u0000${message.contextId ?? ""}\u0000${message.content}`;
  // Two differently seeded 32-bit hashes plus the length keep accidental collisions negligible.
  return `${fnv1a(key, 0x811c9dc5)}${fnv1a(key, 0x2166136)}-${key.length.toString(36)}`;
}
