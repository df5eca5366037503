import { oauthStateLength, pkceVerifierLength } from "@a2a-chat/contracts";

// RFC 7636 unreserved characters: every one is valid in a verifier and in a URL.
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

/** A random string of the alphabet above from crypto.getRandomValues, without modulo bias. */
export function randomString(length: number, random: Crypto = crypto): string {
  let out = "";
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    const bytes = random.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** base64url of bytes, without padding. */
export function base64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The S256 code challenge of a verifier. */
export async function s256(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}

/** A PKCE verifier (43 characters), its S256 challenge and an OAuth state (32), per tools spec §9. */
export async function newPkce() {
  const verifier = randomString(pkceVerifierLength);
  return { verifier, challenge: await s256(verifier), state: randomString(oauthStateLength) };
}
