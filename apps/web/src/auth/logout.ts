import { type FetchLike, requestJson } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { forgetRenewalToken } from "../lib/renewal-token.js";
import { useAuthStore } from "../stores/auth-store.js";
import { resetAllStores } from "../stores/reset.js";
import { refreshToken } from "./refresh.js";

/** Revokes a session on the server. */
export const revokePath = "/api/v1/core/oauth/revoke";

/**
 * Signs out: revokes the session (best effort), clears auth, resets every store and fetches a
 * fresh anonymous token. If that last step fails the auth gate takes over and retries.
 */
export async function logout(fetchImpl?: FetchLike): Promise<void> {
  const token = useAuthStore.getState().accessToken;
  if (token) {
    try {
      await requestJson(
        revokePath,
        { method: "POST", headers: { Authorization: `Bearer ${token}` } },
        fetchImpl,
      );
    } catch (error) {
      // The token expires on its own; a failed revoke must not keep the user signed in.
      logger.info("Session revoke failed", error);
    }
  }
  // The next session must be a new one, never a renewal of the one just left.
  forgetRenewalToken();
  useAuthStore.getState().clearAuth();
  resetAllStores();
  try {
    await refreshToken(fetchImpl);
  } catch (error) {
    logger.warn("No anonymous session after logout", error);
  }
}
