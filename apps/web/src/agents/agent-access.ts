import { canAccess, insufficientPermissionsMessage, requiredScopes } from "@a2a-chat/contracts";
import type { Agent } from "./agent-types.js";

/**
 * How the list treats an agent for the current user (core spec §6): usable, left out, greyed
 * with a sign-in prompt, or greyed with the 'Insufficient Permissions' badge.
 */
export type AgentAccess = "open" | "hidden" | "login" | "insufficient";

/** What access depends on: whether the user signed in, and their scopes. */
export interface AgentAccessAuth {
  isAuthenticated: boolean;
  scopes: readonly string[];
}

/** Badge shown on an agent whose requirements the user's scopes do not reach (core spec §6). */
export const insufficientPermissionsBadge = "Insufficient Permissions";

/** Whether an agent declares security at all (schemes or requirements). */
export function agentRequiresAuth(agent: Pick<Agent, "securitySchemes" | "security">): boolean {
  return Object.keys(agent.securitySchemes).length > 0 || agent.security.length > 0;
}

/**
 * Core spec §6. An agent without security is open. A secured agent whose required scopes the
 * user's scopes do not reach is hidden from the registry list (the scopes list case); an agent
 * the user added by URL is shown greyed instead, so adding it visibly did something. Otherwise a
 * secured agent is greyed with a sign-in prompt until the user signs in (anonymous sessions hold
 * scopes too, but the spec gates secured agents on being logged in).
 */
export function agentAccess(agent: Agent, auth: AgentAccessAuth): AgentAccess {
  if (!agentRequiresAuth(agent)) return "open";
  const sufficient = canAccess(auth.scopes, requiredScopes(agent.security));
  if (!sufficient && !agent.external) return "hidden";
  if (!auth.isAuthenticated) return "login";
  return sufficient ? "open" : "insufficient";
}

/** The alert for an agent the user's scopes do not reach, with the exact spec text. */
export function agentInsufficientMessage(agent: Agent, scopes: readonly string[]): string {
  return insufficientPermissionsMessage(requiredScopes(agent.security), scopes);
}
