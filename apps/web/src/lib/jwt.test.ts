import { describe, expect, it } from "vitest";
import { anonymousClaims, makeJwt } from "../test/jwt-fixture.js";
import { decodeJwt, isTokenExpired, readEmail, readSessionId, readUserId } from "./jwt.js";

describe("decodeJwt", () => {
  it("decodes the payload without verifying", () => {
    const token = makeJwt({ ...anonymousClaims("u1", "s1"), username: "Zoë ✓" });
    const claims = decodeJwt(token);
    expect(claims.sub).toBe("u1");
    expect(claims.session_id).toBe("s1");
    expect(claims.username).toBe("Zoë ✓");
  });

  it("rejects a token without three parts", () => {
    expect(() => decodeJwt("a.b")).toThrow(
      new Error("Invalid JWT format: expected 3 parts separated by dots"),
    );
    expect(() => decodeJwt("a.b.c.d")).toThrow(
      "Invalid JWT format: expected 3 parts separated by dots",
    );
  });

  it("reports why a payload cannot be decoded", () => {
    expect(() => decodeJwt("x.%%%.y")).toThrow(/^Failed to decode JWT: .+/);
    const notJson = `x.${btoa("not json")}.y`;
    expect(() => decodeJwt(notJson)).toThrow(/^Failed to decode JWT: .+/);
    const array = `x.${btoa("[1]")}.y`;
    expect(() => decodeJwt(array)).toThrow("Failed to decode JWT: payload is not a JSON object");
  });

  it("requires the sub claim", () => {
    expect(() => decodeJwt(makeJwt({ session_id: "s" }))).toThrow(
      'JWT missing required "sub" claim (user ID)',
    );
    expect(() => decodeJwt(makeJwt({ sub: "" }))).toThrow(
      'JWT missing required "sub" claim (user ID)',
    );
  });
});

describe("claim readers", () => {
  it("read the user id, session id and e-mail", () => {
    const token = makeJwt({ sub: "u1", session_id: "s1", email: "a@example.com" });
    expect(readUserId(token)).toBe("u1");
    expect(readSessionId(token)).toBe("s1");
    expect(readEmail(token)).toBe("a@example.com");
  });

  it("throw when their claim is missing", () => {
    const token = makeJwt({ sub: "u1" });
    expect(() => readSessionId(token)).toThrow('JWT missing required "session_id" claim');
    expect(() => readEmail(token)).toThrow('JWT missing required "email" claim');
  });
});

describe("isTokenExpired", () => {
  it("compares an expiry timestamp in ms with now", () => {
    expect(isTokenExpired(1000, 999)).toBe(false);
    expect(isTokenExpired(1000, 1000)).toBe(true);
    expect(isTokenExpired(1000, 1001)).toBe(true);
  });

  it("reads the exp claim of a token", () => {
    const token = makeJwt({ sub: "u1", exp: 2000 });
    expect(isTokenExpired(token, 1_999_999)).toBe(false);
    expect(isTokenExpired(token, 2_000_000)).toBe(true);
  });

  it("treats a missing or unreadable token as expired", () => {
    expect(isTokenExpired(null)).toBe(true);
    expect(isTokenExpired(undefined)).toBe(true);
    expect(isTokenExpired("")).toBe(true);
    expect(isTokenExpired("garbage")).toBe(true);
    expect(isTokenExpired(makeJwt({ sub: "u1" }))).toBe(true);
  });
});
