import type { Artifact } from "@a2a-chat/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { ArtifactRefreshButton } from "./ArtifactRefreshButton.js";
import type { RefreshOptions } from "./refresh-artifact.js";
import { useToolExecutionsStore } from "./tool-executions-store.js";

const refreshArtifact = vi.hoisted(() => vi.fn());
vi.mock("./refresh-artifact.js", () => ({ refreshArtifact }));

const artifact: Artifact = {
  artifactId: "exec-1",
  name: "Orders",
  parts: [],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    created_at: "2024-05-01T10:00:00Z",
    tool_name: "query_orders",
    mcp_execution_id: "exec-1",
  },
};
const next: Artifact = { ...artifact, artifactId: "exec-2" };
const reply = anonymousReply("anon-1");
const store = () => useToolExecutionsStore.getState();

/** A fake refresh that records its execution like the real one, ending as told. */
function refreshEnding(behavior: "inline" | "modal" | "both", outcome: Artifact | undefined) {
  let finish: () => void = () => undefined;
  refreshArtifact.mockImplementation((_artifact: Artifact, options: RefreshOptions) => {
    const id = options.executionId ?? "run";
    store().add({
      id,
      toolName: "query_orders",
      serverName: "analytics",
      status: "executing",
      timestamp: 0,
      renderBehavior: behavior,
      parameters: {},
    });
    return new Promise<Artifact | undefined>((resolve) => {
      finish = () => {
        store().update(id, outcome ? { status: "completed" } : { status: "error", error: "boom" });
        resolve(outcome);
      };
    });
  });
  return () => finish();
}

describe("ArtifactRefreshButton", () => {
  beforeEach(() => {
    localStorage.clear();
    store().reset();
    refreshArtifact.mockReset();
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(reply);
    useContextsStore.setState({ currentContextId: "ctx-9" });
  });

  it("is absent for an artifact without mcp_execution_id", () => {
    const { mcp_execution_id: _, ...metadata } = artifact.metadata;
    const { container } = render(<ArtifactRefreshButton artifact={{ ...artifact, metadata }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("is named after the artifact, else its tool", () => {
    const { rerender } = render(<ArtifactRefreshButton artifact={artifact} />);
    expect(screen.getByRole("button", { name: "Refresh Orders" })).toBeInTheDocument();
    const { name: _, ...unnamed } = artifact;
    rerender(<ArtifactRefreshButton artifact={unnamed} />);
    expect(screen.getByRole("button", { name: "Refresh query_orders" })).toBeInTheDocument();
  });

  it("refreshes with the session's token and context, spinning and showing the modal meanwhile", async () => {
    const finish = refreshEnding("inline", next);
    const onRefreshed = vi.fn();
    render(<ArtifactRefreshButton artifact={artifact} onRefreshed={onRefreshed} />);
    const button = screen.getByRole("button", { name: "Refresh Orders" });
    await userEvent.click(button);
    expect(refreshArtifact).toHaveBeenCalledWith(
      artifact,
      expect.objectContaining({ token: reply.access_token, contextId: "ctx-9" }),
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button.querySelector("svg")).toHaveClass("animate-spin");
    expect(store().modalOpen).toBe(true);

    finish();
    await vi.waitFor(() => expect(onRefreshed).toHaveBeenCalledWith(next));
    expect(store().modalOpen).toBe(false);
    expect(button).toBeEnabled();
  });

  it("keeps the modal open after success for results shown in the modal", async () => {
    const finish = refreshEnding("both", next);
    render(<ArtifactRefreshButton artifact={artifact} />);
    await userEvent.click(screen.getByRole("button", { name: "Refresh Orders" }));
    finish();
    await vi.waitFor(() => expect(screen.getByRole("button")).toBeEnabled());
    expect(store().modalOpen).toBe(true);
  });

  it("keeps the modal open on failure so Retry is visible", async () => {
    const finish = refreshEnding("inline", undefined);
    const onRefreshed = vi.fn();
    render(<ArtifactRefreshButton artifact={artifact} onRefreshed={onRefreshed} />);
    await userEvent.click(screen.getByRole("button", { name: "Refresh Orders" }));
    finish();
    await vi.waitFor(() => expect(screen.getByRole("button")).toBeEnabled());
    expect(store().modalOpen).toBe(true);
    expect(onRefreshed).not.toHaveBeenCalled();
  });
});
