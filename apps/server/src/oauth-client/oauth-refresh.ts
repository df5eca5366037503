import type { OAuthState } from "./oauth-state.js";

/** Longest a stored access token is refreshed ahead of its expiry. */
export const refreshAheadMs = 60_000;
/** How long a replica may hold a refresh before the others stop waiting for it. */
export const refreshLeaseMs = 30_000;
/** How often a replica waiting for another's refresh reads the row again. */
const waitStepMs = 100;

/**
 * Whether the stored access token should be refreshed before it is used: it has expired, or
 * expires within a minute (half its lifetime when that is shorter). Only tokens whose expiry the
 * server gave (expires_in) and that came with a refresh token are refreshed ahead; the others
 * are refreshed when the server answers 401.
 */
export function refreshDue(state: OAuthState, now: number): boolean {
  const { tokens, expires_at: expiresAt } = state;
  if (!tokens?.refresh_token || expiresAt === undefined) return false;
  const lifetimeMs = (tokens.expires_in ?? 0) * 1000;
  return now >= expiresAt - Math.min(refreshAheadMs, lifetimeMs / 2);
}

/** Whether another replica is refreshing the tokens right now. */
export function refreshing(state: OAuthState, now: number): boolean {
  return state.refreshing_until !== undefined && state.refreshing_until > now;
}

/** A row whose sealed credentials may hold OAuth state (a user-added MCP server or agent). */
export interface OAuthRow {
  id: string;
  credentials: string | null;
}

/** What refreshing needs from the routes: the rows, the sealing, and the refresh itself. */
export interface RefreshDeps<Row extends OAuthRow> {
  find: (id: string) => Promise<Row | undefined>;
  swap: (id: string, expected: string | null, next: string | null) => Promise<boolean>;
  open: (row: Row) => { kind: string } | OAuthState;
  seal: (state: OAuthState, row: Row) => string | null;
  /** Refreshes with the authorization server, writing the result through a provider (CAS). */
  refresh: (row: Row, state: OAuthState) => Promise<void>;
  now?: () => number;
}

const isOAuth = (state: { kind: string } | OAuthState): state is OAuthState =>
  state.kind === "oauth";

/**
 * Refreshes the row's OAuth tokens ahead of their expiry, once across replicas: the replica whose
 * compare-and-swap marks the row as refreshing (a lease) asks the authorization server; the
 * others wait for the row to change and use the tokens it got. A refresh token is thus used once
 * (servers that rotate it refuse the old one), and a refusal cannot overwrite fresh tokens.
 * Answers the row to use (unchanged when nothing was due).
 */
export async function refreshIfDue<Row extends OAuthRow>(
  row: Row,
  deps: RefreshDeps<Row>,
): Promise<Row> {
  const now = deps.now ?? Date.now;
  const state = deps.open(row);
  if (!isOAuth(state) || !refreshDue(state, now())) return row;
  if (refreshing(state, now())) return waitForRefresh(row, deps);
  const claim = deps.seal({ ...state, refreshing_until: now() + refreshLeaseMs }, row);
  if (!(await deps.swap(row.id, row.credentials, claim))) return waitForRefresh(row, deps);
  const claimed = { ...row, credentials: claim };
  try {
    await deps.refresh(claimed, { ...state });
  } finally {
    // Not written (the authorization server could not be reached): the lease is given back.
    await deps.swap(row.id, claim, deps.seal(state, row));
  }
  return (await deps.find(row.id)) ?? row;
}

/** Reads the row until no replica is refreshing it (or the lease ran out). */
async function waitForRefresh<Row extends OAuthRow>(
  row: Row,
  deps: RefreshDeps<Row>,
): Promise<Row> {
  const now = deps.now ?? Date.now;
  const until = now() + refreshLeaseMs;
  for (;;) {
    const current = await deps.find(row.id);
    if (!current) return row;
    const state = deps.open(current);
    if (!isOAuth(state) || !refreshing(state, now()) || now() >= until) return current;
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
}
