import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CardKeyError,
  CardKeys,
  keySetTtlMs,
  keyUrlProblem,
  refetchCooldownMs,
} from "./card-keys.js";

const policy = { allowHosts: ["127.0.0.1"], timeoutMs: 2000, maxBytes: 65_536, maxRedirects: 0 };

let base = "";
let fetches = 0;
let published: JWK[] = [];
const server = createServer((req, res) => {
  fetches += 1;
  if (req.url !== "/jwks.json") {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ keys: published }));
});

async function publicKey() {
  const pair = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(pair.publicKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "ES256" };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("keyUrlProblem", () => {
  it("takes HTTPS anywhere and plain HTTP only from allow-listed hosts", () => {
    expect(keyUrlProblem("https://agent.example.com/jwks.json", policy)).toBeUndefined();
    expect(keyUrlProblem("http://127.0.0.1:9/jwks.json", policy)).toBeUndefined();
    expect(keyUrlProblem("http://agent.example.com/jwks.json", policy)).toBe(
      "the key URL http://agent.example.com/jwks.json is not HTTPS",
    );
    expect(keyUrlProblem("nonsense", policy)).toBe("the key URL nonsense is not a URL");
  });
});

describe("CardKeys", () => {
  it("fetches a key set once and reuses it until it expires", async () => {
    const key = await publicKey();
    published = [key];
    fetches = 0;
    let now = 1_000_000;
    const keys = new CardKeys(policy, () => now);
    await keys.key(`${base}/jwks.json`, key.kid, "ES256");
    await keys.key(`${base}/jwks.json`, key.kid, "ES256");
    expect(fetches).toBe(1);
    now += keySetTtlMs + 1;
    await keys.key(`${base}/jwks.json`, key.kid, "ES256");
    expect(fetches).toBe(2);
  });

  it("fetches again for an unknown kid (a rotated key), but at most once per cooldown", async () => {
    const old = await publicKey();
    const rotated = await publicKey();
    published = [old];
    fetches = 0;
    let now = 2_000_000;
    const keys = new CardKeys(policy, () => now);
    await keys.key(`${base}/jwks.json`, old.kid, "ES256");
    published = [old, rotated];
    // Within the cooldown an unknown kid does not cause a fetch.
    await expect(keys.key(`${base}/jwks.json`, rotated.kid, "ES256")).rejects.toThrow(
      `the key set at ${base}/jwks.json has no key ${rotated.kid}`,
    );
    expect(fetches).toBe(1);
    now += refetchCooldownMs + 1;
    await keys.key(`${base}/jwks.json`, rotated.kid, "ES256");
    expect(fetches).toBe(2);
  });

  it("says why a key set cannot be had", async () => {
    const keys = new CardKeys(policy);
    await expect(keys.key(`${base}/missing.json`, "k", "ES256")).rejects.toThrow(
      new CardKeyError(`${base}/missing.json answered HTTP 404`),
    );
    await expect(keys.key("http://agent.example.com/jwks.json", "k", "ES256")).rejects.toThrow(
      "is not HTTPS",
    );
  });
});
