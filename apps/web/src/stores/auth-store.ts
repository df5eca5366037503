import { parseScopes, type TokenReply, type UserType } from "@a2a-chat/contracts";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { decodeJwt, isTokenExpired, type JwtPayload } from "../lib/jwt.js";
import { keepRenewalToken } from "../lib/renewal-token.js";
import {
  clearUserScopedStorage,
  readStorage,
  removeStorage,
  storageKeys,
  writeStorage,
} from "../lib/storage.js";
import { resetAllStores } from "./reset.js";

/** The auth session (core spec §3), persisted under 'auth-storage'. */
export interface AuthSession {
  /** Signed in with a passkey. Anonymous visitors have a token but are not authenticated. */
  isAuthenticated: boolean;
  email: string | null;
  userId: string | null;
  sessionId: string | null;
  username: string | null;
  scopes: string[];
  userType: UserType;
  accessToken: string | null;
  /** When the token expires, in ms since the epoch (now + expires_in × 1000). */
  tokenExpiry: number | null;
  /** Signed in: the one-time token that gets the next access token (rotated on each use). */
  refreshToken: string | null;
}

interface AuthActions {
  /** Stores a token of an anonymous visitor. */
  setAnonymousAuth: (reply: TokenReply) => void;
  /** Stores a token of a signed-in user; who they are comes from the token's claims. */
  setAuth: (reply: TokenReply | SignedInReply) => void;
  /** Forgets the session (the token stays valid on the server until revoked or expired). */
  clearAuth: () => void;
}

/** A token reply of the passkey sign-in or a refresh: it carries the next refresh token. */
export type SignedInReply = Omit<TokenReply, "token_type"> & {
  token_type: string;
  refresh_token?: string;
};

/** The auth store: the session plus its actions. */
export type AuthState = AuthSession & AuthActions;

/** The state with no session at all. */
export const emptyAuthSession: AuthSession = {
  isAuthenticated: false,
  email: null,
  userId: null,
  sessionId: null,
  username: null,
  scopes: [],
  userType: "anon",
  accessToken: null,
  tokenExpiry: null,
  refreshToken: null,
};

const sessionKeys = Object.keys(emptyAuthSession) as Array<keyof AuthSession>;

function claimsOrNull(token: string): JwtPayload | null {
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 ? value : null;

function anonymousSession(reply: TokenReply, now: number): AuthSession {
  // The anonymous identity is fixed by the spec; the claims only refine it when readable.
  const claims = claimsOrNull(reply.access_token);
  return {
    isAuthenticated: false,
    email: null,
    userId: reply.user_id,
    sessionId: reply.session_id,
    username: text(claims?.username) ?? "Anonymous",
    scopes: parseScopes(text(claims?.scope) ?? "anonymous"),
    userType: "anon",
    accessToken: reply.access_token,
    tokenExpiry: now + reply.expires_in * 1000,
    refreshToken: null,
  };
}

function signedInSession(reply: TokenReply | SignedInReply, now: number): AuthSession {
  // Throws on a malformed token before anything changes.
  const claims = decodeJwt(reply.access_token);
  const userType: UserType = claims.user_type === "anon" ? "anon" : "authenticated";
  const email = text(claims.email);
  return {
    isAuthenticated: userType === "authenticated",
    email,
    userId: reply.user_id,
    sessionId: reply.session_id,
    username: text(claims.username) ?? email ?? reply.user_id,
    scopes: parseScopes(text(claims.scope)),
    userType,
    accessToken: reply.access_token,
    tokenExpiry: now + reply.expires_in * 1000,
    refreshToken: "refresh_token" in reply ? (reply.refresh_token ?? null) : null,
  };
}

function pickSession(state: AuthSession): AuthSession {
  return Object.fromEntries(sessionKeys.map((key) => [key, state[key]])) as unknown as AuthSession;
}

// A stored value of the wrong shape (old version, hand-edited) is ignored rather than trusted.
function isStoredSession(value: unknown): value is AuthSession {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const nullableText = (key: string) => v[key] === null || typeof v[key] === "string";
  return (
    typeof v.isAuthenticated === "boolean" &&
    ["email", "userId", "sessionId", "username", "accessToken"].every(nullableText) &&
    (v.refreshToken === undefined || nullableText("refreshToken")) &&
    Array.isArray(v.scopes) &&
    v.scopes.every((scope) => typeof scope === "string") &&
    (v.userType === "anon" || v.userType === "authenticated") &&
    (v.tokenExpiry === null || typeof v.tokenExpiry === "number")
  );
}

/** The auth session store. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => {
      // Another user taking over this browser must not see anything of the previous one.
      const switchUserIfNeeded = (nextUserId: string) => {
        const previous = get().userId;
        if (previous !== null && previous !== nextUserId) {
          clearUserScopedStorage();
          resetAllStores();
        }
      };
      return {
        ...emptyAuthSession,
        setAnonymousAuth: (reply) => {
          const next = anonymousSession(reply, Date.now());
          switchUserIfNeeded(reply.user_id);
          set(next);
        },
        setAuth: (reply) => {
          const next = signedInSession(reply, Date.now());
          switchUserIfNeeded(reply.user_id);
          set(next);
        },
        clearAuth: () => set(emptyAuthSession),
      };
    },
    {
      name: storageKeys.auth,
      storage: createJSONStorage(() => ({
        getItem: readStorage,
        setItem: writeStorage,
        removeItem: removeStorage,
      })),
      partialize: (state: AuthState) => pickSession(state),
      merge: (stored, current) =>
        isStoredSession(stored)
          ? { ...current, ...pickSession({ ...emptyAuthSession, ...stored }) }
          : current,
      onRehydrateStorage: () => (state) => {
        if (!state?.accessToken || !isTokenExpired(state.tokenExpiry)) return;
        if (state.userType === "anon") keepRenewalToken(state.accessToken);
        // A signed-in session with a refresh token outlives its access token: the gate refreshes it.
        if (state.userType === "authenticated" && state.refreshToken) return;
        state.clearAuth();
      },
    },
  ),
);
