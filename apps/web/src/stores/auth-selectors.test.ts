import { describe, expect, it } from "vitest";
import { selectHasValidToken, selectIsAdmin, selectPrimaryRole } from "./auth-selectors.js";
import { type AuthSession, emptyAuthSession } from "./auth-store.js";

const signedIn = (scopes: string[]): AuthSession => ({
  ...emptyAuthSession,
  isAuthenticated: true,
  userType: "authenticated",
  userId: "u1",
  accessToken: "t",
  tokenExpiry: 10_000,
  scopes,
});

describe("auth selectors", () => {
  it("sees a valid token only while it has not expired", () => {
    expect(selectHasValidToken(emptyAuthSession, 0)).toBe(false);
    expect(selectHasValidToken(signedIn([]), 9_999)).toBe(true);
    expect(selectHasValidToken(signedIn([]), 10_000)).toBe(false);
  });

  it("shows Guest for anonymous visitors and expired tokens", () => {
    const anonymous: AuthSession = {
      ...emptyAuthSession,
      userId: "u1",
      accessToken: "t",
      tokenExpiry: 10_000,
      scopes: ["anonymous"],
    };
    expect(selectPrimaryRole(anonymous, 0)).toBe("Guest");
    expect(selectPrimaryRole(signedIn(["admin"]), 20_000)).toBe("Guest");
  });

  it("shows Admin, User or the user type for signed-in users", () => {
    expect(selectPrimaryRole(signedIn(["user", "admin"]), 0)).toBe("Admin");
    expect(selectPrimaryRole(signedIn(["user"]), 0)).toBe("User");
    expect(selectPrimaryRole(signedIn(["mcp"]), 0)).toBe("authenticated");
  });

  it("knows an admin by the admin scope", () => {
    expect(selectIsAdmin(signedIn(["admin"]))).toBe(true);
    expect(selectIsAdmin(signedIn(["user"]))).toBe(false);
  });
});
