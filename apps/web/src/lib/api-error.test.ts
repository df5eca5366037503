import { describe, expect, it } from "vitest";
import { ApiError, isInvalidTokenError, toApiError } from "./api-error.js";

describe("isInvalidTokenError", () => {
  it("recognises a 401 or 403 saying the token is invalid or expired", () => {
    const text = "Invalid or expired JWT token";
    expect(isInvalidTokenError(new ApiError(text, 401, "unauthorized", text))).toBe(true);
    expect(isInvalidTokenError(new ApiError("Forbidden.", 403, "forbidden", text))).toBe(true);
    expect(isInvalidTokenError(new ApiError(`Error: ${text}!`, 401))).toBe(true);
  });

  it("ignores other failures", () => {
    const text = "Invalid or expired JWT token";
    expect(isInvalidTokenError(new ApiError("Unauthorized. Please log in again.", 401))).toBe(
      false,
    );
    expect(isInvalidTokenError(new ApiError("Forbidden.", 403, "forbidden"))).toBe(false);
    expect(isInvalidTokenError(new ApiError(text, 500, "internal", text))).toBe(false);
    expect(isInvalidTokenError(new Error(text))).toBe(false);
  });
});

describe("toApiError", () => {
  it("keeps an ApiError, an error's text, or says 'Unknown error occurred'", () => {
    const original = new ApiError("x", 404);
    expect(toApiError(original)).toBe(original);
    expect(toApiError(new Error("boom")).message).toBe("boom");
    expect(toApiError(new Error("boom")).status).toBe(0);
    expect(toApiError(42).message).toBe("Unknown error occurred");
    expect(toApiError(undefined).message).toBe("Unknown error occurred");
  });
});
