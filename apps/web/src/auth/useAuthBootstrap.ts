import { useEffect, useState } from "react";
import type { FetchLike } from "../lib/api.js";
import { selectHasValidToken } from "../stores/auth-selectors.js";
import { useAuthStore } from "../stores/auth-store.js";
import { refreshToken } from "./refresh.js";

/** Retries of the anonymous token request after the first try fails (spec §4 and §9: max 3). */
export const maxAuthRetries = 3;

/** Wait before retry n (n = 0 for the first retry): min(1000 × 2^n, 5000) ms (spec §9). */
export function authRetryDelayMs(n: number): number {
  return Math.min(1000 * 2 ** n, 5000);
}

/** Where getting a session stands. `retry` is 0 during the first try, then 1, 2, 3. */
export type AuthBootstrapState =
  | { phase: "ready" }
  | { phase: "initializing"; retry: number }
  | { phase: "failed" };

/**
 * Makes sure a valid token exists: without one, fetches an anonymous token, retrying with
 * backoff, and reports the failure after the last attempt. Starts over whenever the token goes
 * away (logout, a failed refresh).
 */
export function useAuthBootstrap(fetchImpl?: FetchLike): AuthBootstrapState {
  const hasToken = useAuthStore((state) => selectHasValidToken(state));
  const [progress, setProgress] = useState({ retry: 0, failed: false });

  useEffect(() => {
    if (hasToken) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (n: number) => {
      if (useAuthStore.getState().userType === "authenticated") {
        // A signed-in session whose token ran out: its refresh token keeps it going; when that is
        // refused the user is signed out (refreshToken clears auth) and continues anonymously.
        try {
          await refreshToken(fetchImpl);
          return;
        } catch {
          if (!active) return;
        }
      }
      try {
        await refreshToken(fetchImpl);
      } catch {
        if (!active) return;
        if (n >= maxAuthRetries) {
          setProgress({ retry: n, failed: true });
          return;
        }
        setProgress({ retry: n + 1, failed: false });
        timer = setTimeout(() => void attempt(n + 1), authRetryDelayMs(n));
      }
    };
    setProgress({ retry: 0, failed: false });
    void attempt(0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [hasToken, fetchImpl]);

  if (hasToken) return { phase: "ready" };
  return progress.failed ? { phase: "failed" } : { phase: "initializing", retry: progress.retry };
}
