import type { AuthContext } from "../auth/auth-context.js";
import type { ContextRow } from "../db/schema.js";

/** A conversation is visible to, and changeable by, its owner only. */
export function canUseContext(
  auth: Pick<AuthContext, "userId">,
  context: ContextRow | undefined,
): context is ContextRow {
  return context !== undefined && context.user_id === auth.userId;
}
