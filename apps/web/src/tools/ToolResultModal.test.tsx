import type { Artifact } from "@a2a-chat/contracts";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useArtifactsStore } from "../stores/artifacts-store.js";
import type { ToolExecution } from "./execution-queue.js";
import { ToolResultModal } from "./ToolResultModal.js";
import { useToolExecutionsStore } from "./tool-executions-store.js";

const refreshArtifact = vi.hoisted(() => vi.fn());
vi.mock("./refresh-artifact.js", () => ({ refreshArtifact }));

const source: Artifact = {
  artifactId: "exec-1",
  name: "Orders",
  parts: [{ kind: "data", data: { items: [] } }],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    created_at: "2024-05-01T10:00:00Z",
    tool_name: "query_orders",
    mcp_execution_id: "exec-1",
  },
};

const execution = (id: string, patch: Partial<ToolExecution> = {}): ToolExecution => ({
  id,
  toolName: "query_orders",
  serverName: "analytics",
  status: "executing",
  timestamp: 0,
  renderBehavior: "modal",
  parameters: { region: "EU" },
  sourceArtifactId: "exec-1",
  ...patch,
});

const store = () => useToolExecutionsStore.getState();

function show(...executions: ToolExecution[]) {
  for (const item of executions) store().add(item);
  store().open();
  return render(<ToolResultModal />);
}

describe("ToolResultModal", () => {
  beforeEach(() => {
    store().reset();
    useArtifactsStore.getState().reset();
    refreshArtifact.mockReset();
  });

  it("is closed until opened", () => {
    store().add(execution("a"));
    render(<ToolResultModal />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a running tool with its progress under the tool's name", () => {
    show(execution("a"));
    const dialog = screen.getByRole("dialog", { name: "query_orders" });
    expect(
      within(dialog).getByText("Executing query_orders... Please wait while the tool processes."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("progressbar")).toBeInTheDocument();
    expect(within(dialog).queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("is titled 'Tool Results' when none is selected", () => {
    show(execution("a"));
    act(() => store().select(null));
    const dialog = screen.getByRole("dialog", { name: "Tool Results" });
    expect(within(dialog).getByText("Select a tool result to view it.")).toBeInTheDocument();
  });

  it("shows a failure with its text and a Retry that re-runs the source artifact's refresh", async () => {
    useArtifactsStore.getState().upsertArtifact(source);
    show(execution("a", { status: "error", error: "Unknown tool" }));
    expect(screen.getByText("Execution Failed")).toBeInTheDocument();
    expect(screen.getByText("Unknown tool")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refreshArtifact).toHaveBeenCalledWith(
      source,
      expect.objectContaining({ executionId: "a" }),
    );
  });

  it("shows a cancelled run as cancelled, not as a failure, with Run again", async () => {
    useArtifactsStore.getState().upsertArtifact(source);
    show(execution("a", { status: "error", error: "Tool execution cancelled" }));
    expect(screen.queryByText("Execution Failed")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Execution Cancelled");
    expect(status).toHaveTextContent("Tool execution cancelled");
    await userEvent.click(screen.getByRole("button", { name: "Run again" }));
    expect(refreshArtifact).toHaveBeenCalledWith(
      source,
      expect.objectContaining({ executionId: "a" }),
    );
  });

  it("retries with the kept copy when the artifact store no longer holds the source", async () => {
    show(execution("a", { status: "error", error: "boom", sourceArtifact: source }));
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refreshArtifact).toHaveBeenCalledWith(source, expect.anything());
  });

  it("disables Retry when the source artifact is unknown", () => {
    show(execution("a", { status: "error", error: "boom", sourceArtifactId: "gone" }));
    expect(screen.getByRole("button", { name: "Retry" })).toBeDisabled();
  });

  it("shows a completed result with its duration", async () => {
    show(execution("a", { status: "completed", artifact: source, executionTime: 240 }));
    // The table viewer loads lazily: on a busy machine that can take over a second.
    expect(await screen.findByRole("region", { name: "Orders" })).toBeInTheDocument();
    expect(screen.getByText("Completed in 240ms")).toBeInTheDocument();
  });

  it("has one tab per execution when there are several, switching with clicks and arrows", async () => {
    show(
      execution("a", { toolName: "query_orders" }),
      execution("b", { toolName: "sales_chart", status: "error", error: "Bad metric" }),
    );
    const tabs = within(screen.getByRole("tablist")).getAllByRole("tab");
    expect(tabs).toHaveLength(2);
    expect(tabs[1]).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Bad metric");

    await userEvent.click(screen.getByRole("tab", { name: /query_orders/ }));
    expect(screen.getByRole("dialog", { name: "query_orders" })).toBeInTheDocument();
    expect(
      screen.getByText("Executing query_orders... Please wait while the tool processes."),
    ).toBeInTheDocument();

    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: /sales_chart/ })).toHaveFocus();
    expect(screen.getByRole("dialog", { name: "sales_chart" })).toBeInTheDocument();
  });

  it("clears completed executions", async () => {
    show(
      execution("a", { status: "completed", artifact: source }),
      execution("b", { status: "error", error: "boom" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Clear completed" }));
    expect(store().executions.map((item) => item.id)).toEqual(["b"]);
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Clear completed" })).toBeDisabled();
  });

  it("closes on Escape", async () => {
    show(execution("a"));
    await userEvent.keyboard("{Escape}");
    expect(store().modalOpen).toBe(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
