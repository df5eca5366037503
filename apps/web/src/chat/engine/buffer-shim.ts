/**
 * The A2A SDK's protobuf codecs call `globalThis.Buffer` for file bytes (and, in the v0.3 compat
 * layer, for every data part), which browsers do not have. This shim provides the few members
 * the SDK uses: Buffer.from(base64 | bytes), Buffer.isBuffer and buffer.toString("base64").
 */

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 of bytes, without relying on Buffer or a 64 KiB argument limit. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += base64Alphabet[(triple >> 18) & 63];
    out += base64Alphabet[(triple >> 12) & 63];
    out += i + 1 < bytes.length ? base64Alphabet[(triple >> 6) & 63] : "=";
    out += i + 2 < bytes.length ? base64Alphabet[triple & 63] : "=";
  }
  return out;
}

/** Bytes of a base64 (or base64url) string; characters outside the alphabet are ignored. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .replace(/[^A-Za-z0-9+/]/g, "");
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    value = (value << 6) | base64Alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, index);
}

/** Bytes that print as base64 (or UTF-8 text), like a Node Buffer does for the SDK's purposes. */
class ShimBytes extends Uint8Array {
  override toString(encoding?: string): string {
    if (encoding === "base64") return bytesToBase64(this);
    return new TextDecoder().decode(this);
  }
}

function toShimBytes(bytes: ArrayLike<number>): ShimBytes {
  const out = new ShimBytes(bytes.length);
  out.set(bytes);
  return out;
}

/** The Buffer stand-in: only the static members the SDK calls. */
export const bufferShim = {
  from(value: string | ArrayLike<number> | ArrayBuffer, encoding?: string): ShimBytes {
    if (typeof value === "string") {
      return toShimBytes(
        encoding === "base64" ? base64ToBytes(value) : new TextEncoder().encode(value),
      );
    }
    return toShimBytes(value instanceof ArrayBuffer ? new Uint8Array(value) : value);
  },
  isBuffer(value: unknown): boolean {
    return value instanceof ShimBytes;
  },
};

/** Installs the shim as globalThis.Buffer when the environment has none (browsers). */
export function installBufferShim(): void {
  if ("Buffer" in globalThis && globalThis.Buffer !== undefined) return;
  Object.defineProperty(globalThis, "Buffer", {
    value: bufferShim,
    configurable: true,
    writable: true,
  });
}
