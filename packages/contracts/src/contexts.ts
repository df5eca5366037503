import { z } from "zod";

/** Longest conversation name, in characters, after trimming. */
export const maxContextNameLength = 200;

/** The name of the conversation created when a user has none (both specs §4). */
export const defaultContextName = "Default Conversation";

/** Refusal when deleting a user's only conversation (core spec §5). */
export const lastContextMessage =
  "Cannot delete last context - system must always have at least one context";

/** A conversation as the API returns it. */
export const contextRecordSchema = z.object({
  context_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int().nonnegative(),
  task_count: z.number().int().nonnegative(),
  last_message_at: z.string().nullable(),
});
/** A conversation as the API returns it. */
export type ContextRecord = z.infer<typeof contextRecordSchema>;

const name = z
  .string({
    error: (issue) => (issue.input === undefined ? "name is required" : "name must be a string"),
  })
  .trim()
  .min(1, "name must not be empty")
  .max(maxContextNameLength, `name must be at most ${maxContextNameLength} characters`);

/** Body of POST /api/v1/core/contexts and PUT /api/v1/core/contexts/{id}. */
export const contextNameBodySchema = z.object({ name }, { error: "Body must be a JSON object" });
/** Body of POST and PUT on contexts. */
export type ContextNameBody = z.infer<typeof contextNameBodySchema>;
