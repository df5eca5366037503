import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Whether the verifier answers the challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const actual = Buffer.from(s256Challenge(verifier));
  const expected = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A fresh secret (a code or refresh token): 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** How a secret is stored: its SHA-256, hex. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const codeVerifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge: 43 base64url characters (a SHA-256). */
export const s256ChallengePattern = /^[A-Za-z0-9_-]{43}$/;
