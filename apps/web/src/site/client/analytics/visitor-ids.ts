import { storageKeys } from "../../../lib/storage.js";

/** Session-storage key of the analytics session id. */
export const sessionIdKey = "analytics-session-id";

/** A random v4 UUID; built from getRandomValues where randomUUID is missing (plain-HTTP pages). */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The tab's analytics session id, kept in session storage (tools spec §3); when storage fails, a
 * temporary id with a logged warning (§8).
 */
export function sessionId(): string {
  try {
    const stored = sessionStorage.getItem(sessionIdKey);
    if (stored) return stored;
    const id = randomId();
    sessionStorage.setItem(sessionIdKey, id);
    return id;
  } catch (error) {
    console.warn("Analytics: session storage is unavailable, using a temporary session id", error);
    return randomId();
  }
}

/** The chat's user id from local storage, when this browser has one (tools spec §3). */
export function storedUserId(): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKeys.auth) ?? "null") as {
      state?: { userId?: unknown };
    } | null;
    const id = saved?.state?.userId;
    return typeof id === "string" && id !== "" ? id : null;
  } catch {
    return null;
  }
}
