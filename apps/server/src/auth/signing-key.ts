import type { webcrypto } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";

type CryptoKey = webcrypto.CryptoKey;

/** The algorithm of every token this server signs. */
export const signingAlgorithm = "ES256";

/** The key tokens are signed with, and its public half as published in the JWKS. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  alg: typeof signingAlgorithm;
  privateJwk: JWK;
  createdAt: string;
}

/** Generates a fresh ES256 key pair with a thumbprint kid. */
export async function generateSigningKey(): Promise<{ key: SigningKey; stored: StoredKey }> {
  const pair = await generateKeyPair(signingAlgorithm, { extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  const stored: StoredKey = {
    kid,
    alg: signingAlgorithm,
    privateJwk,
    createdAt: new Date().toISOString(),
  };
  return { key: await fromStored(stored), stored };
}

async function fromStored(stored: StoredKey): Promise<SigningKey> {
  const { d: _private, ...publicPart } = stored.privateJwk;
  const publicJwk: JWK = { ...publicPart, kid: stored.kid, alg: signingAlgorithm, use: "sig" };
  const privateKey = (await importJWK(stored.privateJwk, signingAlgorithm)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, signingAlgorithm)) as CryptoKey;
  return { kid: stored.kid, privateKey, publicKey, publicJwk };
}

function readStored(path: string): StoredKey {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<StoredKey>;
  if (parsed.alg !== signingAlgorithm || !parsed.kid || !parsed.privateJwk?.d) {
    throw new Error(`Signing key file ${path} is not an ${signingAlgorithm} private key`);
  }
  return parsed as StoredKey;
}

/**
 * Reads the signing key from path, or creates it there (mode 0600) on first start. When several
 * replicas start at once against a shared path, the first writer wins and the others read its key.
 */
export async function loadOrCreateSigningKey(path: string): Promise<SigningKey> {
  try {
    return await fromStored(readStored(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { key, stored } = await generateSigningKey();
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fromStored(readStored(path));
  }
}
