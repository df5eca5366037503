import { z } from "zod";

/** Longest id the server stores for a task, message or artifact (they may come from agents). */
export const maxItemIdLength = 128;

/** A task, message or artifact id: non-empty, bounded. */
export const itemIdSchema = z.string().min(1).max(maxItemIdLength);

/** The greeting the chat sends by itself on a browser's first visit (core spec §4 First visit). */
export const welcomeMessageText = "Hello A2A Chat!";
/**
 * Part-metadata key the chat sets (to true) on the greeting's text part: the server then tells the
 * greeting from the same words typed by the user (signing in drops a conversation holding only
 * the greeting and its reply, never one with anything the user wrote).
 */
export const welcomeMetadataKey = "a2a_chat_welcome";

/** A text part of a message or artifact. */
export const textPartSchema = z.object({
  kind: z.literal("text"),
  text: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A file carried inline (base64 bytes) or by reference (uri): exactly one of the two. */
export const fileContentSchema = z
  .object({
    name: z.string().optional(),
    mimeType: z.string().optional(),
    bytes: z.base64().optional(),
    uri: z.string().min(1).optional(),
  })
  .refine((file) => (file.bytes === undefined) !== (file.uri === undefined), {
    message: "file needs either bytes or uri",
  });
/** A file carried inline or by reference. */
export type FileContent = z.infer<typeof fileContentSchema>;

/** A file part of a message or artifact. */
export const filePartSchema = z.object({
  kind: z.literal("file"),
  file: fileContentSchema,
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A structured-data part of a message or artifact (tables, charts, forms…). */
export const dataPartSchema = z.object({
  kind: z.literal("data"),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** One part of a message or artifact (core spec §3). */
export const partSchema = z.discriminatedUnion("kind", [
  textPartSchema,
  filePartSchema,
  dataPartSchema,
]);
/** One part of a message or artifact. */
export type Part = z.infer<typeof partSchema>;

/** Who can write a message: the user or the agent. */
export const messageRoles = ["user", "agent"] as const;
/** Who wrote a message. */
export type MessageRole = (typeof messageRoles)[number];

/** A message of a task's history (core spec §3). */
export const messageSchema = z.object({
  messageId: itemIdSchema,
  role: z.enum(messageRoles),
  parts: z.array(partSchema),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
});
/** A message of a task's history. */
export type Message = z.infer<typeof messageSchema>;
