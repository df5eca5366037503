/** Texts of the per-user quota refusals (409 quota_exceeded, 413 payload_too_large). */
export const quotaMessages = {
  conversations: (limit: number) =>
    `Conversation limit reached: you can keep at most ${limit} conversations. Delete one to start another.`,
  /** Past the limit, which only a visitor's conversations moving into an account can cause. */
  conversationsOver: (count: number, limit: number) =>
    `Conversation limit reached: you have ${count} conversations and can keep at most ${limit}. Delete ${count - limit + 1} to start another.`,
  storage: (limit: number) =>
    `Storage limit reached: your conversations can hold at most ${limit} bytes. Delete conversations to free space.`,
  message: (bytes: number, limit: number) =>
    `Message is too large: ${bytes} bytes, the limit is ${limit} bytes.`,
  notification: (bytes: number, limit: number) =>
    `Notification is too large: ${bytes} bytes, the limit is ${limit} bytes.`,
} as const;
