import { describe, expect, it } from "vitest";
import { refreshAheadMs, refreshDue, refreshing } from "./oauth-refresh.js";
import type { OAuthState } from "./oauth-state.js";

const now = 1_800_000_000_000;
const signedIn = (expiresIn: number | undefined, expiresAt: number | undefined): OAuthState => ({
  kind: "oauth",
  tokens: {
    access_token: "a",
    token_type: "Bearer",
    refresh_token: "r",
    ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
  },
  ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
});

describe("refreshing stored OAuth tokens ahead of their expiry", () => {
  it("is due once the token expired or expires within a minute", () => {
    expect(refreshDue(signedIn(3600, now - 1), now)).toBe(true);
    expect(refreshDue(signedIn(3600, now + refreshAheadMs), now)).toBe(true);
    expect(refreshDue(signedIn(3600, now + refreshAheadMs + 1), now)).toBe(false);
    expect(refreshDue(signedIn(3600, now + 3_600_000), now)).toBe(false);
  });

  it("refreshes a short-lived token within half its lifetime, not at once", () => {
    expect(refreshDue(signedIn(30, now + 15_000), now)).toBe(true);
    expect(refreshDue(signedIn(30, now + 15_001), now)).toBe(false);
  });

  it("leaves tokens alone whose expiry was not given, or that cannot be refreshed", () => {
    expect(refreshDue(signedIn(undefined, undefined), now)).toBe(false);
    expect(refreshDue(signedIn(3600, undefined), now)).toBe(false);
    const noRefresh = signedIn(3600, now - 1);
    delete noRefresh.tokens?.refresh_token;
    expect(refreshDue(noRefresh, now)).toBe(false);
    expect(refreshDue({ kind: "oauth" }, now)).toBe(false);
  });

  it("sees another replica's refresh only while its lease lasts", () => {
    expect(refreshing({ kind: "oauth", refreshing_until: now + 1 }, now)).toBe(true);
    expect(refreshing({ kind: "oauth", refreshing_until: now }, now)).toBe(false);
    expect(refreshing({ kind: "oauth" }, now)).toBe(false);
  });
});
