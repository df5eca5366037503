import { describe, expect, it } from "vitest";
import { maxToolResultText, ToolCallLog } from "./tool-call-log.js";

describe("ToolCallLog", () => {
  it("records calls in order and adds their results, shortening long texts", () => {
    const log = new ToolCallLog();
    const at = new Date("2026-01-01T00:00:00Z");
    log.called({ id: "c1", name: "query_orders", args: { region: "europe" } }, at);
    log.called({ id: "c2", name: "sales_chart", args: {} }, at);
    expect(log.answered("c1", { isError: false, text: "x".repeat(maxToolResultText + 5) })).toBe(
      true,
    );
    expect(log.answered("nope", { isError: true, text: "boom" })).toBe(false);
    const { tool_calls } = log.metadata();
    expect(tool_calls.map((c) => c.name)).toEqual(["query_orders", "sales_chart"]);
    expect(tool_calls[0]).toMatchObject({
      arguments: { region: "europe" },
      timestamp: "2026-01-01T00:00:00.000Z",
      result: { is_error: false },
    });
    expect(String(tool_calls[0]?.result?.content)).toHaveLength(maxToolResultText + 1);
    expect(tool_calls[1]?.result).toBeUndefined();
    // The patch is a copy: later changes do not reach an earlier one.
    log.answered("c2", { isError: true, text: "failed" });
    expect(tool_calls[1]?.result).toBeUndefined();
    expect(log.size).toBe(2);
  });

  it("marks the calls a stop left without a result as cancelled", () => {
    const log = new ToolCallLog();
    const at = new Date("2026-01-01T00:00:00Z");
    log.called({ id: "c1", name: "query_orders", args: {} }, at);
    log.called({ id: "c2", name: "build_report", args: {} }, at);
    log.answered("c1", { isError: false, text: "ok" });
    expect(log.cancelUnanswered()).toBe(true);
    const { tool_calls } = log.metadata();
    expect(tool_calls.map((c) => [c.name, c.cancelled, c.result?.is_error])).toEqual([
      ["query_orders", undefined, false],
      ["build_report", true, undefined],
    ]);
    expect(log.cancelUnanswered()).toBe(false);
  });

  it("names the MCP servers the calls went to, each once, in the order first used", () => {
    const log = new ToolCallLog();
    const at = new Date("2026-01-01T00:00:00Z");
    expect(log.metadata()).toEqual({ tool_calls: [] });
    log.called({ id: "c1", name: "query_orders", args: {} }, at, "analytics");
    log.called({ id: "c2", name: "welcome_card", args: {} }, at, "product");
    log.called({ id: "c3", name: "sales_chart", args: {} }, at, "analytics");
    log.called({ id: "c4", name: "mystery", args: {} }, at);
    const patch = log.metadata();
    expect(patch.mcp_server_name).toBe("analytics, product");
    expect(patch.tool_calls.map((c) => c.server)).toEqual([
      "analytics",
      "product",
      "analytics",
      undefined,
    ]);
  });
});
