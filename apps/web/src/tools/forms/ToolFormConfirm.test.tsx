import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerTool } from "../../api/list-server-tools.js";
import type { ToolServer } from "../../api/mcp-registry-api.js";
import { emptyAuthSession, useAuthStore } from "../../stores/auth-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useToolExecutionsStore } from "../tool-executions-store.js";
import { toolHintTexts } from "../tool-hints.js";
import ToolFormModal from "./ToolFormModal.js";

const server: ToolServer = {
  name: "files",
  description: "",
  endpoint: "/api/v1/mcp/external/s1/mcp",
  auth: "required",
  status: "running",
  oauth_required: false,
  oauth_scopes: [],
  recordsCalls: true,
};

const tool = (annotations: ServerTool["annotations"]): ServerTool =>
  ({
    name: "delete_file",
    inputSchema: { type: "object", properties: { path: { type: "string", default: "a.txt" } } },
    annotations,
    serverName: "files",
    serverEndpoint: server.endpoint,
  }) as ServerTool;

beforeEach(() => {
  useAuthStore.setState({ ...emptyAuthSession, accessToken: "t", userId: "anon-1" });
  useContextsStore.setState({ currentContextId: "ctx-1" });
  useToolExecutionsStore.getState().reset();
  // The call itself fails to connect: these tests are about whether it starts.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a destructive tool's run", () => {
  it("asks first: Back returns to the form and runs nothing; Run anyway runs it once", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <ToolFormModal tool={tool({ destructiveHint: true })} server={server} onClose={onClose} />,
    );
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      toolHintTexts.confirmBody("delete_file", "files"),
    );
    expect(useToolExecutionsStore.getState().executions).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText(/^Path/)).toHaveValue("a.txt");
    expect(useToolExecutionsStore.getState().executions).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Run" }));
    await user.click(screen.getByRole("button", { name: "Run anyway" }));
    const executions = useToolExecutionsStore.getState().executions;
    expect(executions).toHaveLength(1);
    expect(executions[0]?.run).toMatchObject({ args: { path: "a.txt" }, destructive: true });
    expect(onClose).toHaveBeenCalled();
  });

  it("a read-only or unannotated tool runs at once", async () => {
    for (const annotations of [{ readOnlyHint: true }, undefined]) {
      const user = userEvent.setup();
      render(<ToolFormModal tool={tool(annotations)} server={server} onClose={() => undefined} />);
      await user.click(screen.getByRole("button", { name: "Run" }));
      expect(screen.queryByRole("button", { name: "Run anyway" })).not.toBeInTheDocument();
      cleanup();
    }
    expect(useToolExecutionsStore.getState().executions).toHaveLength(2);
  });
});
