import type { AuthContext } from "../auth/auth-context.js";
import type { TaskRow } from "../db/schema.js";

/** A task is visible to, and changeable by, the owner of its conversation only. */
export function canUseTask(
  auth: Pick<AuthContext, "userId">,
  task: TaskRow | undefined,
): task is TaskRow {
  return task !== undefined && task.user_id === auth.userId;
}
