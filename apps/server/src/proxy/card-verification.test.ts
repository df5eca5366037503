import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import canonicalize from "canonicalize";
import { calculateJwkThumbprint, exportJWK, FlattenedSign, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CardKeys } from "./card-keys.js";
import { checkCardSignatures } from "./card-verification.js";

const policy = { allowHosts: ["127.0.0.1"], timeoutMs: 2000, maxBytes: 65_536, maxRedirects: 0 };
let base = "";
let jwks: object = { keys: [] };
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(jwks));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A v0.3 card signed as the v0.3 spec says: JWS over its RFC 8785 form, signatures left out. */
async function signedLegacyCard(extra: Record<string, unknown> = {}) {
  const pair = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  jwks = { keys: [{ ...jwk, kid, alg: "ES256" }] };
  const card = {
    protocolVersion: "0.3.0",
    name: "Old agent",
    description: "Speaks 0.3",
    url: `${base}/rpc`,
    version: "1",
    capabilities: {},
    skills: [],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    ...extra,
  };
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card)))
    .setProtectedHeader({ alg: "ES256", kid, jku: `${base}/jwks.json`, typ: "JOSE" })
    .sign(pair.privateKey);
  return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
}

describe("checkCardSignatures", () => {
  it("verifies a v0.3 card over its own canonical form", async () => {
    const card = await signedLegacyCard();
    const checked = await checkCardSignatures(card, new CardKeys(policy), base);
    expect(checked.verification).toEqual({
      status: "verified",
      host: new URL(base).host,
      detail: "",
    });
    expect(checked.card).not.toHaveProperty("signatures");
    expect(checked.card.name).toBe("Old agent");
  });

  it("a v0.3 card changed after signing fails", async () => {
    const card = { ...(await signedLegacyCard()), name: "Someone else" };
    const checked = await checkCardSignatures(card, new CardKeys(policy), base);
    expect(checked.verification.status).toBe("invalid");
    expect(checked.card.name).toBe("Someone else");
  });

  it("a signature entry without a key id reads as a key problem", async () => {
    const card = {
      name: "x",
      supportedInterfaces: [],
      signatures: [{ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "AAAA" }],
    };
    const checked = await checkCardSignatures(card, new CardKeys(policy), base);
    expect(checked.verification).toMatchObject({
      status: "key_unavailable",
      detail:
        "Signature not checked: the signing key could not be fetched: the signature names no key (kid, alg)",
    });
  });
});
