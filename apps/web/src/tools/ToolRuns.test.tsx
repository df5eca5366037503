import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ToolExecution } from "./execution-queue.js";
import { ToolRuns } from "./ToolRuns.js";
import { useToolExecutionsStore } from "./tool-executions-store.js";

const run = (id: string, patch: Partial<ToolExecution>): ToolExecution => ({
  id,
  toolName: `tool_${id}`,
  serverName: "analytics",
  status: "completed",
  timestamp: 0,
  renderBehavior: "modal",
  parameters: {},
  run: {
    toolName: `tool_${id}`,
    serverName: "analytics",
    endpoint: "http://localhost/api/v1/mcp/analytics/mcp",
    auth: "required",
    recordsCalls: true,
    args: {},
  },
  ...patch,
});

describe("ToolRuns", () => {
  beforeEach(() => useToolExecutionsStore.getState().reset());

  it("lists a cancelled run as Cancelled and a failed one as Failed", () => {
    const store = useToolExecutionsStore.getState();
    store.add(run("a", { status: "error", error: "Tool execution cancelled" }));
    store.add(run("b", { status: "error", error: "Failed to execute tool" }));
    render(<ToolRuns />);
    const items = within(screen.getByRole("region", { name: "Tool runs" })).getAllByRole(
      "listitem",
    );
    const [failed, cancelled] = items;
    expect(cancelled).toHaveTextContent("tool_a");
    expect(within(cancelled as HTMLElement).getByText("Cancelled")).toBeInTheDocument();
    expect(within(cancelled as HTMLElement).queryByText("Failed")).not.toBeInTheDocument();
    expect(within(failed as HTMLElement).getByText("Failed")).toBeInTheDocument();
  });
});
