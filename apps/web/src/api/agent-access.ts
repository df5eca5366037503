import {
  asksForCredentials,
  canAccess,
  insufficientPermissionsMessage,
  requiredScopes,
} from "@a2a-chat/contracts";
import type { Agent } from "./agent-types.js";

/**
 * How the list treats an agent for the current user (core spec §6): usable, left out, greyed
 * with a sign-in prompt, or greyed with the 'Insufficient Permissions' badge; an agent added by
 * URL that asks for its own credentials, none stored yet, is greyed with its credentials prompt.
 */
export type AgentAccess = "open" | "hidden" | "login" | "insufficient" | "credentials";

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
 * Whether an agent signs its callers in itself: one added by URL, reached through our server,
 * which keeps the credentials the user stores for it. Its card's security describes that
 * sign-in, not this site's scopes.
 */
export function signsInItself(agent: Pick<Agent, "external" | "credentialsKind">): boolean {
  return agent.external && agent.credentialsKind !== undefined;
}

/** Whether an agent that signs its callers in itself asks for credentials the user has not stored. */
export function needsCredentials(
  agent: Pick<Agent, "external" | "credentialsKind" | "securitySchemes" | "security">,
): boolean {
  return (
    signsInItself(agent) &&
    agent.credentialsKind === "none" &&
    asksForCredentials(Object.keys(agent.securitySchemes), agent.security)
  );
}

/** Whether sending to an agent needs a signed-in user of this site (core spec §5 Sending). */
export function requiresSiteSignIn(agent: Agent): boolean {
  return !signsInItself(agent) && agentRequiresAuth(agent);
}

/**
 * Core spec §6 for this site's agents. An agent added by URL that signs its callers in itself
 * is greyed while it needs credentials the user has not stored, else open. An agent without
 * security is open. A visitor who has not signed in sees every
 * secured agent greyed with a sign-in prompt, whatever its scopes (signing in is how they get
 * scopes; anonymous sessions hold one too, but the spec gates secured agents on being logged
 * in). Once signed in, a registry agent the user's scopes do not reach is hidden (the scopes
 * list case); one the user added by URL is greyed with 'Insufficient Permissions', so adding it
 * visibly did something.
 */
export function agentAccess(agent: Agent, auth: AgentAccessAuth): AgentAccess {
  if (signsInItself(agent)) return needsCredentials(agent) ? "credentials" : "open";
  if (!agentRequiresAuth(agent)) return "open";
  if (!auth.isAuthenticated) return "login";
  if (canAccess(auth.scopes, requiredScopes(agent.security))) return "open";
  return agent.external ? "insufficient" : "hidden";
}

/** The alert for an agent the user's scopes do not reach, with the exact spec text. */
export function agentInsufficientMessage(agent: Agent, scopes: readonly string[]): string {
  return insufficientPermissionsMessage(requiredScopes(agent.security), scopes);
}
