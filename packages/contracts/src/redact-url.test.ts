import { describe, expect, it } from "vitest";
import { redacted, redactUrl } from "./redact-url.js";

describe("redactUrl", () => {
  it.each([
    ["postgres://app:s3cret@db.internal:5432/chat", `postgres://${redacted}@db.internal:5432/chat`],
    [
      "postgres://db.internal/chat?sslmode=require&password=s3cret",
      `postgres://db.internal/chat?sslmode=${redacted}&password=${redacted}`,
    ],
    [
      "https://api.example.com/v1?key=abc&api_key=def",
      `https://api.example.com/v1?key=${redacted}&api_key=${redacted}`,
    ],
    ["https://mcp.example.com/mcp?token", `https://mcp.example.com/mcp?token=${redacted}`],
    ["https://KEY123@api.example.com", `https://${redacted}@api.example.com`],
    ["https://a.example/cb#access_token=xyz", `https://a.example/cb#${redacted}`],
    ["https://a.example", "https://a.example"],
    ["https://a.example/", "https://a.example/"],
    ["http://127.0.0.1:3001/mcp", "http://127.0.0.1:3001/mcp"],
  ])("%s", (input, shown) => {
    expect(redactUrl(input)).toBe(shown);
    expect(redactUrl(input)).not.toMatch(/s3cret|abc|def|KEY123|xyz/);
  });

  it("leaves text that is not a URL alone and hides a URL it cannot parse", () => {
    expect(redactUrl("a2a-chat")).toBe("a2a-chat");
    expect(redactUrl("./data")).toBe("./data");
    expect(redactUrl("https://user:pa ss@[bad/")).toBe(redacted);
  });
});
