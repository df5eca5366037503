import { type Message, mcpAppContextKey, mcpAppContextMaxChars } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { withAppContext } from "./app-context.js";

const message = (role: "user" | "agent", metadata?: Record<string, unknown>): Message => ({
  messageId: "m1",
  role,
  parts: [{ kind: "text", text: "What am I looking at?", ...(metadata ? { metadata } : {}) }],
});

describe("withAppContext", () => {
  it("adds the apps' context of a user message under its own heading", () => {
    expect(
      withAppContext(
        "What am I looking at?",
        message("user", { [mcpAppContextKey]: "Revenue by region" }),
      ),
    ).toBe(
      "What am I looking at?\n\n[Context from the apps in this conversation]\nRevenue by region",
    );
  });

  it("leaves messages without it, agents' messages and blank context as they are", () => {
    expect(withAppContext("hi", message("user"))).toBe("hi");
    expect(withAppContext("hi", message("agent", { [mcpAppContextKey]: "x" }))).toBe("hi");
    expect(withAppContext("hi", message("user", { [mcpAppContextKey]: "  " }))).toBe("hi");
    expect(withAppContext("hi", message("user", { [mcpAppContextKey]: 42 }))).toBe("hi");
  });

  it("cuts context past the limit", () => {
    const long = "x".repeat(mcpAppContextMaxChars + 50);
    const text = withAppContext("hi", message("user", { [mcpAppContextKey]: long }));
    expect(text.length).toBe(
      "hi\n\n[Context from the apps in this conversation]\n".length + mcpAppContextMaxChars,
    );
  });
});
