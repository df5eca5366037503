import { z } from "zod";
import { taskStates } from "./tasks.js";

/** Most items one list call returns. */
export const maxListLimit = 500;
/** Items a list call returns when no limit is given. */
export const defaultListLimit = 100;

const limitMessage = `limit must be an integer between 1 and ${maxListLimit}`;

const limit = z
  .string()
  .regex(/^\d+$/, limitMessage)
  .transform(Number)
  .pipe(z.number().int().min(1, limitMessage).max(maxListLimit, limitMessage))
  .default(defaultListLimit);

/** Query of the artifact and per-conversation list calls: ?limit (1..500, default 100). */
export const listQuerySchema = z.object({ limit });
/** Query of the list calls. */
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Query of GET /api/v1/core/tasks: ?status (a task state) and ?limit. */
export const taskListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(taskStates, { error: `status must be one of ${taskStates.join(", ")}` })
    .optional(),
});
/** Query of GET /api/v1/core/tasks. */
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/**
 * Query of GET /api/v1/core/contexts/{id}/tasks: ?limit, ?order (updated: most recently updated
 * first, the default; created: newest created first, for reading a conversation page by page) and
 * ?before (a task id of this conversation; with order=created, only tasks created before it).
 */
export const contextTasksQuerySchema = listQuerySchema
  .extend({
    order: z
      .enum(["updated", "created"], { error: "order must be updated or created" })
      .default("updated"),
    before: z.string().min(1).max(128).optional(),
  })
  .refine((query) => query.before === undefined || query.order === "created", {
    message: "before needs order=created",
  });
/** Query of GET /api/v1/core/contexts/{id}/tasks. */
export type ContextTasksQuery = z.infer<typeof contextTasksQuerySchema>;

/** Refusal of a ?before that names no task of the conversation. */
export const unknownBeforeMessage = "before must be a task of this conversation";

/** Refusal of a ?cursor this server did not hand out. */
export const badCursorMessage = "cursor is not one this server returned";

/**
 * Query of GET /api/v1/core/contexts: ?limit (1..500, default 100) and ?cursor, the opaque value
 * from the previous page's `Link: <…>; rel="next"` header. The answer is always a plain list.
 */
export const contextListQuerySchema = listQuerySchema.extend({
  cursor: z.string().min(1).max(512).optional(),
});
/** Query of GET /api/v1/core/contexts. */
export type ContextListQuery = z.infer<typeof contextListQuerySchema>;
