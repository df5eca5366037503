// An expired anonymous token, kept in memory only. The server renews an anonymous session from
// its previous token even after expiry, which is how a returning visitor keeps their
// conversations once the persisted session has been dropped as expired.
let kept: string | null = null;

/** Keeps an expired anonymous token so the next anonymous token request can renew its session. */
export function keepRenewalToken(token: string): void {
  kept = token;
}

/** The kept token, if any. */
export function renewalToken(): string | null {
  return kept;
}

/** Forgets the kept token (after a renewal, or on logout, which must start a new session). */
export function forgetRenewalToken(): void {
  kept = null;
}
