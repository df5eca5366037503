import { isAdmin, type PrimaryRole, primaryRole } from "@a2a-chat/contracts";
import { isTokenExpired } from "../lib/jwt.js";
import type { AuthSession } from "./auth-store.js";

/** Whether the session holds a token that has not expired at `now`. */
export function selectHasValidToken(state: AuthSession, now: number = Date.now()): boolean {
  return state.accessToken !== null && !isTokenExpired(state.tokenExpiry, now);
}

/** The role shown next to the user's name (core spec §6): Guest, Admin, User or the user type. */
export function selectPrimaryRole(state: AuthSession, now: number = Date.now()): PrimaryRole {
  return primaryRole({
    isAuthenticated: state.isAuthenticated,
    tokenValid: selectHasValidToken(state, now),
    scopes: state.scopes,
    userType: state.userType,
  });
}

/** Whether the user holds the admin scope. */
export function selectIsAdmin(state: AuthSession): boolean {
  return isAdmin(state.scopes);
}
