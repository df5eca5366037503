import { describe, expect, it } from "vitest";
import { notInitializedMessage, sendErrorMessage } from "./send-messages.js";

describe("send messages", () => {
  it("has the spec texts", () => {
    expect(notInitializedMessage).toBe("Unable to send message: Chat client not initialized");
    expect(sendErrorMessage(new Error("offline"))).toBe("Error: offline");
    expect(sendErrorMessage("boom")).toBe("Error: boom");
  });
});
