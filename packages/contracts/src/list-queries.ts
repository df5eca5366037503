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
