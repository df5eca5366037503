import { externalMcpMessages } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { checkServerUrl } from "./server-url.js";

describe("checkServerUrl", () => {
  const allow = ["127.0.0.1", "mcp.lan", "10.0.0.0/8"];

  it("accepts HTTPS endpoints anywhere and keeps the path and query", () => {
    expect(checkServerUrl(" https://tools.example.com/mcp?x=1 ", [])).toEqual({
      url: "https://tools.example.com/mcp?x=1",
    });
  });

  it("accepts http only for allow-listed local hosts, addresses and ranges", () => {
    expect(checkServerUrl("http://127.0.0.1:3001/mcp", allow)).toEqual({
      url: "http://127.0.0.1:3001/mcp",
    });
    expect(checkServerUrl("http://mcp.lan/mcp", allow)).toEqual({ url: "http://mcp.lan/mcp" });
    expect(checkServerUrl("http://10.1.2.3/mcp", allow)).toEqual({ url: "http://10.1.2.3/mcp" });
    for (const url of [
      "http://tools.example.com/mcp",
      "http://192.168.1.2/mcp",
      "http://[::1]/mcp",
    ])
      expect(checkServerUrl(url, allow)).toEqual({ error: externalMcpMessages.httpsRequired });
  });

  it("refuses what is not a full http(s) endpoint URL", () => {
    for (const url of [
      "tools.example.com/mcp",
      "/mcp",
      "javascript:alert(1)",
      "data:text/plain,hi",
      "ftp://tools.example.com/mcp",
      "https://user:pw@tools.example.com/mcp",
    ])
      expect(checkServerUrl(url, allow)).toEqual({ error: externalMcpMessages.notFullUrl });
  });
});
