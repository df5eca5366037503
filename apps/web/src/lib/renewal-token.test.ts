import { afterEach, describe, expect, it } from "vitest";
import { forgetRenewalToken, keepRenewalToken, renewalToken } from "./renewal-token.js";

describe("renewal token", () => {
  afterEach(() => forgetRenewalToken());

  it("is empty until a token is kept, and empty again once forgotten", () => {
    expect(renewalToken()).toBeNull();
    keepRenewalToken("old.token.value");
    expect(renewalToken()).toBe("old.token.value");
    forgetRenewalToken();
    expect(renewalToken()).toBeNull();
  });
});
