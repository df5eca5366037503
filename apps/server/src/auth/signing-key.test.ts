import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateSigningKey } from "./signing-key.js";

const tempPath = () => join(mkdtempSync(join(tmpdir(), "a2a-chat-key-")), "nested", "key.json");

describe("loadOrCreateSigningKey", () => {
  it("creates a private key file readable only by its owner", async () => {
    const path = tempPath();
    const key = await loadOrCreateSigningKey(path);
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(key.publicJwk).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key.publicJwk).not.toHaveProperty("d");
  });

  it("reads the same key back on the next start", async () => {
    const path = tempPath();
    const first = await loadOrCreateSigningKey(path);
    const second = await loadOrCreateSigningKey(path);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toEqual(first.publicJwk);
  });

  it("agrees on one key when replicas start together", async () => {
    const path = tempPath();
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKey(path)));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
  });

  it("refuses a file that is not an ES256 private key", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "a2a-chat-key-")), "key.json");
    writeFileSync(path, JSON.stringify({ kid: "x", alg: "HS256", privateJwk: {} }));
    await expect(loadOrCreateSigningKey(path)).rejects.toThrow(/is not an ES256 private key/);
  });
});
