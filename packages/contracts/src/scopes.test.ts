import { describe, expect, it } from "vitest";
import {
  canAccess,
  insufficientPermissionsMessage,
  isAdmin,
  parseScopes,
  primaryRole,
  requiredScopes,
  scopeRank,
} from "./scopes.js";

describe("scopeRank", () => {
  it("ranks the known scopes and gives anything else 0", () => {
    expect(
      ["admin", "user", "service", "a2a", "mcp", "anonymous"].map((s) => scopeRank(s)),
    ).toEqual([100, 50, 40, 30, 20, 10]);
    expect(scopeRank("custom:read")).toBe(0);
    expect(scopeRank("toString")).toBe(0);
    expect(scopeRank("")).toBe(0);
  });
});

describe("parseScopes", () => {
  it("splits on any whitespace and drops empties", () => {
    expect(parseScopes(" user  a2a\tmcp ")).toEqual(["user", "a2a", "mcp"]);
    expect(parseScopes("")).toEqual([]);
    expect(parseScopes(undefined)).toEqual([]);
  });
});

describe("requiredScopes", () => {
  it("flattens every requirement map without duplicates", () => {
    expect(requiredScopes([{ oauth2: ["user", "a2a"] }, { bearer: ["user"] }])).toEqual([
      "user",
      "a2a",
    ]);
    expect(requiredScopes(undefined)).toEqual([]);
  });
});

describe("canAccess", () => {
  it("opens agents without requirements to everyone", () => {
    expect(canAccess([], [])).toBe(true);
    expect(canAccess(["anonymous"], [])).toBe(true);
  });

  it("grants when a user scope ranks at or above a required one", () => {
    expect(canAccess(["user"], ["user"])).toBe(true);
    expect(canAccess(["admin"], ["user"])).toBe(true);
    expect(canAccess(["user"], ["a2a"])).toBe(true);
    expect(canAccess(["service"], ["admin", "mcp"])).toBe(true);
  });

  it("refuses when every user scope ranks below every required one", () => {
    expect(canAccess(["anonymous"], ["user"])).toBe(false);
    expect(canAccess(["mcp"], ["a2a"])).toBe(false);
    expect(canAccess([], ["anonymous"])).toBe(false);
  });

  it("meets an unranked required scope only by the same scope", () => {
    expect(canAccess(["admin"], ["custom:read"])).toBe(false);
    expect(canAccess(["custom:read"], ["custom:read"])).toBe(true);
  });
});

describe("primaryRole and isAdmin", () => {
  const base = {
    isAuthenticated: true,
    tokenValid: true,
    scopes: ["user"],
    userType: "authenticated",
  };

  it("is Guest when not signed in or the token is invalid", () => {
    expect(primaryRole({ ...base, isAuthenticated: false })).toBe("Guest");
    expect(primaryRole({ ...base, tokenValid: false })).toBe("Guest");
  });

  it("prefers Admin, then User, then the user type", () => {
    expect(primaryRole({ ...base, scopes: ["user", "admin"] })).toBe("Admin");
    expect(primaryRole(base)).toBe("User");
    expect(primaryRole({ ...base, scopes: ["a2a"] })).toBe("authenticated");
    expect(primaryRole({ ...base, scopes: [], userType: null })).toBe("User");
  });

  it("calls admin scope holders admins", () => {
    expect(isAdmin(["user", "admin"])).toBe(true);
    expect(isAdmin(["user"])).toBe(false);
  });
});

describe("insufficientPermissionsMessage", () => {
  it("joins accepted scopes with OR", () => {
    expect(insufficientPermissionsMessage(["user", "admin"], ["anonymous"])).toBe(
      "Insufficient permissions. This agent accepts: user OR admin. You have: anonymous",
    );
  });
});
