import { refreshSignedIn } from "../accounts/refresh-grant.js";
import type { FetchLike } from "../lib/api.js";
import { ApiError, messages } from "../lib/api-error.js";
import { withBrowserLock } from "../lib/browser-lock.js";
import { logger } from "../lib/logger.js";
import { forgetRenewalToken, keepRenewalToken, renewalToken } from "../lib/renewal-token.js";
import { provideSessionToken } from "../lib/session-token.js";
import { selectHasValidToken } from "../stores/auth-selectors.js";
import { useAuthStore } from "../stores/auth-store.js";
import { resetAllStores } from "../stores/reset.js";
import { fetchAnonymousToken } from "./anonymous-token.js";
import { adoptSharedSession, sessionLockName } from "./shared-session.js";

let inFlight: Promise<string> | null = null;

async function runRefresh(fetchImpl?: FetchLike): Promise<string> {
  const auth = useAuthStore.getState();
  if (auth.userType === "authenticated") {
    if (auth.refreshToken) {
      try {
        const reply = await refreshSignedIn(auth.refreshToken, fetchImpl);
        useAuthStore.getState().setAuth(reply);
        return reply.access_token;
      } catch (error) {
        logger.info("Refresh token refused; signing out", error);
      }
    }
    // Without a working refresh token the session cannot go on without the passkey: sign out.
    auth.clearAuth();
    resetAllStores();
    throw new ApiError(messages.unauthorized, 401);
  }
  // One tab of the browser at a time: each first adopts a session another tab stored.
  return withBrowserLock(sessionLockName, async () => {
    const shared = adoptSharedSession(auth.accessToken);
    if (shared) return shared;
    const previous = auth.accessToken ?? renewalToken();
    try {
      const reply = await fetchAnonymousToken(previous, fetchImpl);
      useAuthStore.getState().setAnonymousAuth(reply);
      forgetRenewalToken();
      return reply.access_token;
    } catch (error) {
      // Keep the old token so the next attempt (the auth gate's) can still renew the session.
      if (previous) keepRenewalToken(previous);
      useAuthStore.getState().clearAuth();
      resetAllStores();
      throw error;
    }
  });
}

/**
 * Replaces a rejected or expired token and returns the new one. Anonymous visitors (and a browser
 * with no session yet) get an anonymous token, renewing their session when the old token is
 * known; signed-in users trade their refresh token, and are signed out (the refresh fails) only
 * when that is refused; a failed refresh clears auth.
 * Concurrent callers share one in-flight refresh, and the tabs of one browser take turns at the
 * anonymous one (a Web Lock): a tab that waited adopts the session another tab stored meanwhile,
 * so tabs opened at once become one visitor, not one each.
 */
export function refreshToken(fetchImpl?: FetchLike): Promise<string> {
  inFlight ??= runRefresh(fetchImpl).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

// lib/ and api/ call the server with the session's token without importing the auth store.
provideSessionToken({
  validToken: () => {
    const state = useAuthStore.getState();
    return selectHasValidToken(state) ? state.accessToken : null;
  },
  refresh: refreshToken,
});
