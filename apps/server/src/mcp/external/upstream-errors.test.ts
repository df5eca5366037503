import { describe, expect, it } from "vitest";
import { upstreamReason } from "./upstream-errors.js";

describe("upstreamReason", () => {
  it("words the OAuth client's quote of a web page where an OAuth reply should be", () => {
    const page = new Error(
      "HTTP 404: Invalid OAuth error response: SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON. Raw body: <!DOCTYPE html><html><body>Not found</body></html>",
    );
    expect(upstreamReason(page)).toEqual({
      kind: "other",
      reason: "the server answered HTTP 404 without an OAuth reply (does it offer OAuth sign-in?)",
    });
  });

  it("keeps other messages, clipped to one line", () => {
    expect(upstreamReason(new Error("fetch failed\n  at somewhere"))).toEqual({
      kind: "other",
      reason: "fetch failed at somewhere",
    });
  });
});
