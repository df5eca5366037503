import { z } from "zod";
import { itemIdSchema, messageRoles, partSchema } from "./messages.js";

/** The app's page that shows a shared conversation: `${sharedPagePath}?id={share id}`. */
export const sharedPagePath = "/shared";

/** Texts about share links, shown as they are. */
export const shareMessages = {
  notFound: "This shared link does not exist or was revoked",
  messageNotInConversation: "That message is not in this conversation",
} as const;

/** Body of POST /api/v1/core/contexts/{id}/shares: share all, or up to (and with) one message. */
export const newShareBodySchema = z
  .object({ up_to_message_id: itemIdSchema.optional() }, { error: "Body must be a JSON object" })
  .default({});

/** A share link as its owner lists it. */
export const shareRecordSchema = z.object({
  id: z.string(),
  context_id: z.string(),
  name: z.string(),
  up_to_message_id: z.string().nullable(),
  created_at: z.string(),
  /** The page's path on this site (add the origin to copy it). */
  path: z.string(),
});
/** A share link as its owner lists it. */
export type ShareRecord = z.infer<typeof shareRecordSchema>;

/** One message of a shared snapshot: who wrote it (shown name), what, and when. */
export const sharedMessageSchema = z.object({
  role: z.enum(messageRoles),
  author: z.string(),
  parts: z.array(partSchema),
  created_at: z.string(),
});

/** One artifact of a shared snapshot, shown after the message it follows. */
export const sharedArtifactSchema = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  artifact_type: z.string(),
  parts: z.array(partSchema),
  /** Index in messages of the last message of its task (it is shown after that one). */
  after_message: z.number().int(),
});

/** What a share link shows: the conversation as it was, and nothing else of the account. */
export const sharedConversationSchema = z.object({
  name: z.string(),
  shared_at: z.string(),
  messages: z.array(sharedMessageSchema),
  artifacts: z.array(sharedArtifactSchema),
});
/** What a share link shows. */
export type SharedConversation = z.infer<typeof sharedConversationSchema>;
