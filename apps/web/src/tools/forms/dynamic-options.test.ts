import { describe, expect, it, vi } from "vitest";
import type { CallToolOptions } from "../../api/mcp-tool-call.js";
import { loadOptions, readOptions } from "./dynamic-options.js";

const source = { tool: "list_regions", value_field: "value", label_field: "label" };

describe("dynamic options (tools spec §7)", () => {
  it("calls the options tool with action, filter and a uuid, within 30 s, outside the conversation", async () => {
    const callTool = vi.fn(async (_options: CallToolOptions) => ({
      content: [],
      structuredContent: {
        options: [
          { value: "eu", label: "Europe" },
          { value: "na", label: "North America" },
        ],
      },
    }));
    const options = await loadOptions({
      source,
      endpoint: "/api/v1/mcp/analytics/mcp",
      token: "t",
      callTool,
    });
    expect(options.map((o) => [o.key, o.label])).toEqual([
      ["eu", "Europe"],
      ["na", "North America"],
    ]);
    const call = callTool.mock.calls[0]?.[0];
    expect(call?.toolName).toBe("list_regions");
    expect(call?.args).toEqual({
      action: "list_options",
      filter: "",
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(call?.timeoutMs).toBe(30_000);
    expect(call?.contextId).toBeUndefined();
    expect(call?.signal).toBeInstanceOf(AbortSignal);
  });

  it("reads JSON text, bare lists and custom field names; skips items it cannot read", () => {
    expect(
      readOptions({ content: [{ type: "text", text: '["a","b"]' }] }, source).map((o) => o.key),
    ).toEqual(["a", "b"]);
    const custom = { tool: "t", value_field: "id", label_field: "name" };
    expect(
      readOptions(
        {
          content: [],
          structuredContent: { options: [{ id: 7, name: "Seven" }, { nope: 1 }, null] },
        },
        custom,
      ),
    ).toEqual([{ key: "7", value: "7", label: "Seven" }]);
    expect(() => readOptions({ content: [{ type: "text", text: "nothing" }] }, source)).toThrow();
  });
});
