import { runsAsTaskMetaKey } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { isDestructiveTool, isReadOnlyTool, runsAsTask } from "./tool-hints.js";

describe("tool hints", () => {
  it("reads readOnlyHint and destructiveHint as the server sets them", () => {
    expect(isReadOnlyTool({ annotations: { readOnlyHint: true } })).toBe(true);
    expect(isReadOnlyTool({ annotations: { readOnlyHint: false } })).toBe(false);
    expect(isReadOnlyTool({})).toBe(false);
    expect(isDestructiveTool({ annotations: { destructiveHint: true } })).toBe(true);
    expect(isDestructiveTool({ annotations: { destructiveHint: false } })).toBe(false);
  });

  it("does not ask for an unannotated tool, nor for one that also says it only reads", () => {
    expect(isDestructiveTool({})).toBe(false);
    expect(isDestructiveTool({ annotations: {} })).toBe(false);
    expect(isDestructiveTool({ annotations: { destructiveHint: true, readOnlyHint: true } })).toBe(
      false,
    );
  });

  it("knows the tools the proxy runs as tasks by their mark", () => {
    expect(runsAsTask({ _meta: { [runsAsTaskMetaKey]: true } })).toBe(true);
    expect(runsAsTask({ _meta: {} })).toBe(false);
    expect(runsAsTask({})).toBe(false);
  });
});
