import { z } from "zod";
import { itemIdSchema, messageRoles, messageSchema, partSchema } from "./messages.js";

/** The format name an A2A Chat conversation export carries. */
export const conversationExportFormat = "a2a-chat.conversation";

/** Largest import file, in bytes (10 MB). */
export const maxImportBytes = 10 * 1024 * 1024;
/** Most conversations one import may create. */
export const maxImportConversations = 50;
/** Most messages one import may hold, all its conversations together. */
export const maxImportMessages = 5000;

/** What an import refusal says (each an exact, binding text). */
export const importMessages = {
  tooLarge: "The file is larger than the import limit of 10 MB",
  notJson: "The file is not valid JSON",
  unknownFormat: "The file is not an A2A Chat conversation export or a ChatGPT conversations.json",
  empty: "The file holds no conversations",
  tooManyConversations: `The file holds more than ${maxImportConversations} conversations; import at most ${maxImportConversations} at a time`,
  tooManyMessages: `The file holds more than ${maxImportMessages} messages; import at most ${maxImportMessages} at a time`,
  invalid: (where: string, problem: string) =>
    `The file is not a valid conversation export: ${where} ${problem}`,
} as const;

/** What `importMessages.invalid` says of a branch that does not hold together (exact texts). */
export const importBranchProblems = {
  notATask: "is not a task of this conversation",
  loop: "makes tasks follow each other in a loop",
  notAMessage: "is not a message of the task it follows",
} as const;

const json = z.record(z.string(), z.unknown());

/** A task of an exported conversation, as stored. */
export const exportedTaskSchema = z.object({
  id: itemIdSchema,
  agent_name: z.string().max(200),
  task_type: z.enum(["mcp_execution", "agent_message"]),
  state: z.string().max(32),
  status_timestamp: z.string().max(32),
  status_message: messageSchema.nullable(),
  metadata: json,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** The task this one follows (null: the first); tasks that follow the same one are branches. */
  parent_task_id: itemIdSchema.nullable().optional(),
  /** Set when the task forks inside its parent: it follows the parent up to (not with) this message. */
  branch_message_id: itemIdSchema.nullable().optional(),
});
/** A task of an exported conversation. */
export type ExportedTask = z.infer<typeof exportedTaskSchema>;

/** A message of an exported conversation, with its task and time. */
export const exportedMessageSchema = z.object({
  id: itemIdSchema,
  task_id: itemIdSchema.nullable(),
  role: z.enum(messageRoles),
  parts: z.array(partSchema),
  created_at: z.iso.datetime(),
});
/** A message of an exported conversation. */
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;

/** An artifact of an exported conversation. */
export const exportedArtifactSchema = z.object({
  id: itemIdSchema,
  task_id: itemIdSchema.nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  artifact_type: z.string().max(64),
  parts: z.array(partSchema),
  metadata: json,
  created_at: z.iso.datetime(),
});
/** An artifact of an exported conversation. */
export type ExportedArtifact = z.infer<typeof exportedArtifactSchema>;

/** An uploaded file of an exported conversation, its bytes as base64. */
export const exportedFileSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(255),
  mime_type: z.string().max(255),
  data: z.base64(),
});
/** An uploaded file of an exported conversation. */
export type ExportedFile = z.infer<typeof exportedFileSchema>;

/** A whole conversation as exported (JSON): everything needed to import it again. */
export const conversationExportSchema = z.object({
  format: z.literal(conversationExportFormat),
  version: z.literal(1),
  exported_at: z.string(),
  conversation: z.object({
    name: z.string().trim().min(1).max(200),
    created_at: z.iso.datetime(),
    /** The last task of the branch the conversation shows (absent in older files: the newest). */
    leaf_task_id: itemIdSchema.nullable().optional(),
  }),
  tasks: z.array(exportedTaskSchema),
  messages: z.array(exportedMessageSchema),
  artifacts: z.array(exportedArtifactSchema),
  files: z.array(exportedFileSchema),
});
/** A whole conversation as exported. */
export type ConversationExport = z.infer<typeof conversationExportSchema>;

/** GET /api/v1/core/contexts/{id}/export query: which format. */
export const exportQuerySchema = z.object({
  format: z
    .enum(["json", "markdown"], { error: "format must be json or markdown" })
    .default("json"),
});
