import type { FetchLike } from "./api.js";

/**
 * The session's bearer token as the auth layer provides it: lib/ and api/ call the server with it
 * but do not hold it, so they import nothing above them. `auth/refresh.ts` registers the provider
 * when it loads (the app's auth gate loads it before any call; so does the tests' setup).
 */
export interface SessionTokenProvider {
  /** The session's token while it is valid (present and not expired), else null. */
  validToken(): string | null;
  /** Replaces a rejected or expired token and returns the new one (concurrent callers share one). */
  refresh(fetchImpl?: FetchLike): Promise<string>;
}

let provider: SessionTokenProvider | null = null;

/** Registers where the session's token comes from (once, at start). */
export function provideSessionToken(tokens: SessionTokenProvider): void {
  provider = tokens;
}

/** The registered provider; calling the API before one is registered is a wiring mistake. */
export function sessionToken(): SessionTokenProvider {
  if (!provider)
    throw new Error("No session token provider registered (auth/refresh.ts registers it)");
  return provider;
}
