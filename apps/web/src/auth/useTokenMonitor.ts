import { useEffect } from "react";
import type { FetchLike } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { useAuthStore } from "../stores/auth-store.js";
import { resetAllStores } from "../stores/reset.js";
import { refreshToken } from "./refresh.js";

/** How often the token is checked: every 5 minutes (spec §9). */
export const tokenCheckIntervalMs = 5 * 60 * 1000;

/** Under this much time left, the check logs it. Only for logging; nothing else happens. */
export const tokenExpiryLogThresholdMs = 60 * 1000;

/**
 * One check: an expired anonymous token is renewed, an expired signed-in token is refreshed with
 * its refresh token; if that fails (or a signed-in user has no refresh token) auth is cleared
 * and the stores (conversations included) are reset.
 */
export async function checkToken(fetchImpl?: FetchLike, now: number = Date.now()): Promise<void> {
  const auth = useAuthStore.getState();
  if (!auth.accessToken) return;
  const left = (auth.tokenExpiry ?? 0) - now;
  if (left > 0) {
    if (left < tokenExpiryLogThresholdMs) {
      logger.info(`Session token expires in ${Math.ceil(left / 1000)} s`);
    }
    return;
  }
  if (auth.userType === "authenticated" && !auth.refreshToken) {
    auth.clearAuth();
    resetAllStores();
    return;
  }
  try {
    await refreshToken(fetchImpl);
  } catch (error) {
    // refreshToken has already cleared auth and reset the stores.
    logger.warn("Could not renew the expired session", error);
  }
}

/** Checks the token every 5 minutes while mounted. */
export function useTokenMonitor(fetchImpl?: FetchLike): void {
  useEffect(() => {
    const id = setInterval(() => void checkToken(fetchImpl), tokenCheckIntervalMs);
    return () => clearInterval(id);
  }, [fetchImpl]);
}
