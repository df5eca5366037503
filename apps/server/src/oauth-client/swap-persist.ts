import type { OAuthState } from "./oauth-state.js";
import type { PersistReason } from "./stored-oauth-provider.js";

/** A row whose OAuth state is kept sealed in `credentials` (an MCP server's, an agent's). */
interface SealedRow {
  id: string;
  credentials: string | null;
}

/** How a row's sealed credentials are written, read back and opened. */
export interface SwapDeps<Row extends SealedRow> {
  seal: (state: OAuthState, row: Row) => string | null;
  /** Writes `sealed` only over `version`; nothing (undefined) when another write came first. */
  swap: (id: string, version: string | null, sealed: string | null) => Promise<unknown>;
  find: (id: string) => Promise<Row | undefined>;
  /** The row's stored OAuth state; undefined when it holds credentials of another kind. */
  openOAuth: (row: Row) => OAuthState | undefined;
}

/**
 * The persist function of a StoredOAuthProvider for `row`: its state is saved back only over
 * the credentials it was made from (or last wrote). When another replica wrote first, its state
 * is taken, except that fresh tokens from the authorization server replace a state without any.
 */
export function swapPersist<Row extends SealedRow>(row: Row, deps: SwapDeps<Row>) {
  let version = row.credentials;
  return async (next: OAuthState, reason: PersistReason): Promise<OAuthState | undefined> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const sealed = deps.seal(next, row);
      if (await deps.swap(row.id, version, sealed)) {
        version = sealed;
        return undefined;
      }
      const current = await deps.find(row.id);
      if (!current) return undefined;
      const theirs = deps.openOAuth(current);
      version = current.credentials;
      if (!theirs) return undefined;
      if (!(reason === "tokens" && !theirs.tokens)) return theirs;
    }
    return undefined;
  };
}
