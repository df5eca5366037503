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
  /** The last task of the branch chosen for the conversation; null before its first task. */
  leaf_task_id: z.string().nullable().optional(),
  /** Set while the conversation stops inside its leaf task, before this message (an edit of it). */
  leaf_cut_message_id: z.string().nullable().optional(),
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

const branchTaskId = z.string({
  error: (issue) =>
    issue.input === undefined ? "task_id is required" : "task_id must be a string or null",
});

/**
 * Body of PUT /api/v1/core/contexts/{id}/branch: the branch to show. `task_id` chooses the branch
 * through that task (it ends at the newest task that follows it; with `whole`, leaving out the
 * branches that fork inside the task); with `exact` the conversation stops at that task, so the
 * next message branches from it (null: before the first task), and with `before_message_id` too
 * it stops inside the task, before that message (an edit of a later message of the task).
 */
export const contextBranchBodySchema = z.object(
  {
    task_id: branchTaskId.nullable(),
    exact: z.boolean().optional(),
    whole: z.boolean().optional(),
    before_message_id: z.string({ error: "before_message_id must be a string" }).optional(),
  },
  { error: "Body must be a JSON object" },
);
/** Body of PUT on a conversation's branch. */
export type ContextBranchBody = z.infer<typeof contextBranchBodySchema>;

/** Body of POST /api/v1/core/contexts/{id}/fork: the task the new conversation ends with. */
export const contextForkBodySchema = z.object(
  {
    task_id: z.string({
      error: (issue) =>
        issue.input === undefined ? "task_id is required" : "task_id must be a string",
    }),
  },
  { error: "Body must be a JSON object" },
);
/** Body of POST on a conversation's fork. */
export type ContextForkBody = z.infer<typeof contextForkBodySchema>;

/** Refusal of a branch or fork through a task that is not in the conversation. */
export const unknownBranchTaskMessage = "task_id is not a task of this conversation";

/** Refusal of a stop inside a task before a message that is not one of its messages. */
export const unknownBranchMessageMessage = "before_message_id is not a message of that task";

/** Refusal of a stop inside a task without `exact` and a task. */
export const branchCutNeedsExactMessage = "before_message_id needs exact and a task_id";

/** The name of a conversation forked from another. */
export function forkedContextName(name: string): string {
  const suffix = " (fork)";
  return `${name.slice(0, maxContextNameLength - suffix.length)}${suffix}`;
}
