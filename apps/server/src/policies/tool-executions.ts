import type { AuthContext } from "../auth/auth-context.js";
import type { ToolExecutionRow } from "../db/schema.js";

/** A tool execution record is visible to, and changeable by, the user who made the call only. */
export function canUseToolExecution(
  auth: Pick<AuthContext, "userId">,
  execution: ToolExecutionRow | undefined,
): execution is ToolExecutionRow {
  return execution !== undefined && execution.user_id === auth.userId;
}
