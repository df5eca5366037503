import type { ServerCallContext, User } from "@a2a-js/sdk/server";
import type { AuthContext } from "../auth/auth-context.js";

/**
 * The verified caller as the SDK sees it. userName is the user id, so the SDK's own per-owner
 * scoping (event buses, push configs) separates users exactly as our tables do.
 */
export class CallerUser implements User {
  constructor(readonly auth: AuthContext) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.auth.userId;
  }
}

/** The caller of an SDK call; every call reaching our handlers went through requireAuth. */
export function callerOf(context: ServerCallContext | undefined): AuthContext {
  const user = context?.user;
  if (!(user instanceof CallerUser)) throw new Error("A2A call without an authenticated caller");
  return user.auth;
}
