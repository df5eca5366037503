import type { TokenClaims } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { generateSigningKey } from "./signing-key.js";
import { InvalidTokenError, TokenService } from "./token-service.js";
import { VerifiedTokenCache } from "./verified-token-cache.js";

function claims(exp: number, sub = "u"): TokenClaims {
  return {
    sub,
    session_id: "s",
    scope: "anonymous",
    user_type: "anon",
    username: "Anonymous",
    iat: exp - 3600,
    exp,
    iss: "a2a-chat",
    aud: "a2a-chat",
    jti: "j",
  };
}

describe("VerifiedTokenCache", () => {
  it("keeps a token until its expiry second, then forgets it", () => {
    const cache = new VerifiedTokenCache();
    cache.set("t", claims(1000));
    expect(cache.get("t", 999_999)?.sub).toBe("u");
    expect(cache.get("t", 1_000_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get("t", 0)).toBeUndefined();
  });

  it("never answers for a token it was not given, even one differing in its signature", () => {
    const cache = new VerifiedTokenCache();
    cache.set("a.b.c", claims(1000));
    expect(cache.get("a.b.d", 0)).toBeUndefined();
    expect(cache.get("a.b.c ", 0)).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the least recently used", () => {
    const cache = new VerifiedTokenCache(3);
    cache.set("1", claims(1000, "one"));
    cache.set("2", claims(1000, "two"));
    cache.set("3", claims(1000, "three"));
    expect(cache.get("1", 0)?.sub).toBe("one"); // 2 is now the least recently used
    cache.set("4", claims(1000, "four"));
    expect(cache.size).toBe(3);
    expect(cache.get("2", 0)).toBeUndefined();
    expect(cache.get("1", 0)?.sub).toBe("one");
    expect(cache.get("3", 0)?.sub).toBe("three");
    expect(cache.get("4", 0)?.sub).toBe("four");
  });

  it("hands out claims nobody can change", () => {
    const cache = new VerifiedTokenCache();
    cache.set("t", claims(1000));
    const got = cache.get("t", 0) as TokenClaims;
    expect(() => {
      got.sub = "someone else";
    }).toThrow(TypeError);
  });
});

describe("TokenService.verify with its cache", () => {
  it("refuses a cached token once it expires, and a tampered one at any time", async () => {
    let now = Date.UTC(2026, 0, 1);
    const key = (await generateSigningKey()).key;
    const tokens = new TokenService(
      key,
      { issuer: "a2a-chat", audience: "a2a-chat", lifetimeSeconds: 60 },
      () => now,
    );
    const { token } = await tokens.issue({
      userId: "u",
      sessionId: "s",
      userType: "anon",
      username: "Anonymous",
      email: null,
      scopes: ["anonymous"],
    });
    // The issuing server knows its own fresh token at once; another verifies it in full.
    expect(tokens.verifiedBefore(token)?.sub).toBe("u");
    expect((await tokens.verify(token)).sub).toBe("u"); // from the cache
    expect(tokens.verifiedBefore(token)?.sub).toBe("u");
    const [head, body, signature] = token.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    await expect(tokens.verify(`${head}.${body}.${flipped}`)).rejects.toThrow(InvalidTokenError);
    expect(tokens.verifiedBefore(`${head}.${body}.${flipped}`)).toBeUndefined();
    now += 59_999;
    expect((await tokens.verify(token)).sub).toBe("u");
    now += 1;
    expect(tokens.verifiedBefore(token)).toBeUndefined();
    await expect(tokens.verify(token)).rejects.toThrow(InvalidTokenError);
  });
});
