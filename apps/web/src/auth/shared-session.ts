import { isTokenExpired } from "../lib/jwt.js";
import { readStorage, storageKeys } from "../lib/storage.js";
import { useAuthStore } from "../stores/auth-store.js";

/** The Web Lock that tabs of one browser profile take turns at to get an anonymous session. */
export const sessionLockName = "a2a-chat:session";

/**
 * The anonymous session another tab of this browser stored since this tab read it, adopted: a
 * valid token other than `before` (the one this tab had), of the same visitor or of a tab that
 * had none. Tabs opened together thus end as one visitor. Returns the adopted token, else null.
 */
export function adoptSharedSession(before: string | null): string | null {
  const session = storedSession();
  if (!session || session.accessToken === before) return null;
  if (session.userType !== "anon" || isTokenExpired(session.tokenExpiry)) return null;
  const userId = useAuthStore.getState().userId;
  if (userId !== null && session.userId !== userId) return null;
  // Synchronous: the store's storage (localStorage) is.
  void useAuthStore.persist.rehydrate();
  const adopted = useAuthStore.getState().accessToken;
  return adopted === session.accessToken ? adopted : null;
}

/** What another tab persisted of its session, as far as adopting it needs. */
function storedSession():
  | { accessToken: string; userType: unknown; tokenExpiry: number | null; userId: unknown }
  | undefined {
  try {
    const { state } = JSON.parse(readStorage(storageKeys.auth) ?? "{}") as {
      state?: Record<string, unknown>;
    };
    if (typeof state?.accessToken !== "string") return undefined;
    const expiry = typeof state.tokenExpiry === "number" ? state.tokenExpiry : null;
    return {
      accessToken: state.accessToken,
      userType: state.userType,
      tokenExpiry: expiry,
      userId: state.userId,
    };
  } catch {
    return undefined;
  }
}
