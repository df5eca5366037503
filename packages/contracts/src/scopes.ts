/** Rank of each known scope (core spec §6); any other scope ranks 0. */
export const scopeRanks: Readonly<Record<string, number>> = {
  admin: 100,
  user: 50,
  service: 40,
  a2a: 30,
  mcp: 20,
  anonymous: 10,
};

/** The rank of one scope. */
export function scopeRank(scope: string): number {
  return Object.hasOwn(scopeRanks, scope) ? (scopeRanks[scope] as number) : 0;
}

/** Splits a space-separated scope string into scopes, dropping empty entries. */
export function parseScopes(scope: string | undefined | null): string[] {
  return (scope ?? "").split(/\s+/).filter((s) => s.length > 0);
}

/**
 * An agent card's `security` entry: a map from scheme name to the scopes it requires.
 * Example: `[{ "oauth2": ["user"] }]`.
 */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** Every scope an agent names in its security requirements, without duplicates. */
export function requiredScopes(security: readonly SecurityRequirement[] | undefined): string[] {
  const all = (security ?? []).flatMap((requirement) => Object.values(requirement).flat());
  return [...new Set(all)];
}

/**
 * Core spec §6: access is granted if at least one required scope is met by a user scope of equal
 * or higher rank. An agent with no required scopes is open to everyone.
 */
export function canAccess(userScopes: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  const best = Math.max(0, ...userScopes.map(scopeRank));
  // An unranked required scope (rank 0) is met only by that exact scope; comparing ranks would let
  // every user with any scope through.
  return required.some(
    (scope) => userScopes.includes(scope) || (scopeRank(scope) > 0 && best >= scopeRank(scope)),
  );
}

/** Alert text for a user whose scopes do not reach an agent's requirements (core spec §6). */
export function insufficientPermissionsMessage(
  accepted: readonly string[],
  userScopes: readonly string[],
): string {
  return `Insufficient permissions. This agent accepts: ${accepted.join(" OR ")}. You have: ${userScopes.join(", ")}`;
}

/** The role shown next to the user's name. */
export type PrimaryRole = "Guest" | "Admin" | "User" | (string & {});

/**
 * Core spec §6: Guest when not signed in or the token is invalid; Admin with scope admin; User
 * with scope user; otherwise the user type, or User.
 */
export function primaryRole(input: {
  isAuthenticated: boolean;
  tokenValid: boolean;
  scopes: readonly string[];
  userType?: string | null;
}): PrimaryRole {
  if (!input.isAuthenticated || !input.tokenValid) return "Guest";
  if (input.scopes.includes("admin")) return "Admin";
  if (input.scopes.includes("user")) return "User";
  return input.userType || "User";
}

/** Whether the scopes include admin. */
export function isAdmin(scopes: readonly string[]): boolean {
  return scopes.includes("admin");
}
