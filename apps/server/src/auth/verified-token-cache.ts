import type { TokenClaims } from "@a2a-chat/contracts";

/**
 * Tokens whose ES256 signature and claims already verified, kept until their own expiry so a
 * token seen a moment ago skips the signature check. Keyed by the whole token text (signature
 * included), so only a byte-identical token hits. Bounded: past `maxEntries` the least recently
 * used entry goes. The session behind a token is never cached here: requireAuth still checks it.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(readonly maxEntries = 5_000) {}

  /** The claims of a verified token that has not expired by `nowMs`, else undefined. */
  get(token: string, nowMs: number): TokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    this.entries.delete(token);
    // As jose judges expiry: whole seconds, expired once exp <= now.
    if (claims.exp <= Math.floor(nowMs / 1000)) return undefined;
    this.entries.set(token, claims); // most recently used goes last
    return claims;
  }

  set(token: string, claims: TokenClaims): void {
    this.entries.delete(token);
    this.entries.set(token, Object.freeze(claims));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
