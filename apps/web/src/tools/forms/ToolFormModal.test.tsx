import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerTool } from "../../api/list-server-tools.js";
import type { ToolServer } from "../../api/mcp-registry-api.js";
import { emptyAuthSession, useAuthStore } from "../../stores/auth-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useToolExecutionsStore } from "../tool-executions-store.js";
import ToolFormModal from "./ToolFormModal.js";

const server: ToolServer = {
  name: "analytics",
  description: "",
  endpoint: "/api/v1/mcp/analytics/mcp",
  auth: "required",
  status: "running",
  oauth_required: false,
  oauth_scopes: [],
  recordsCalls: true,
};

const tool = (inputSchema: unknown): ServerTool =>
  ({
    name: "query_orders",
    inputSchema,
    serverName: "analytics",
    serverEndpoint: server.endpoint,
  }) as ServerTool;

const schema = {
  type: "object",
  required: ["limit"],
  properties: {
    limit: {
      type: "integer",
      minimum: 1,
      maximum: 200,
      default: 25,
      description: "Most rows returned",
    },
    region: { type: "string", "x-options-from-tool": { tool: "list_regions" } },
    min_amount: { type: "number", minimum: 0 },
  },
};

beforeEach(() => {
  useAuthStore.setState({ ...emptyAuthSession, accessToken: "t", userId: "anon-1" });
  useContextsStore.setState({ currentContextId: "ctx-1" });
  useToolExecutionsStore.getState().reset();
  // The options tool cannot be reached in these tests.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ToolFormModal", () => {
  it("shows the fields with labels, defaults and help; a wrong value shows its message as the user types", async () => {
    const user = userEvent.setup();
    render(<ToolFormModal tool={tool(schema)} server={server} onClose={() => undefined} />);
    const limit = screen.getByLabelText(/^Limit/);
    expect(limit).toHaveValue("25");
    expect(screen.getByText("Most rows returned")).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, "0");
    expect(await screen.findByText("Must be at least 1")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Min Amount/), "abc");
    expect(await screen.findByText("Must be a number")).toBeInTheDocument();
  });

  it("a dynamic field that cannot load says so and offers a text box", async () => {
    render(<ToolFormModal tool={tool(schema)} server={server} onClose={() => undefined} />);
    expect(await screen.findByText("Failed to load options")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Region/)).toHaveAttribute("type", "text");
  });

  it("Run with errors keeps the form open; a valid Run queues exactly the declared arguments and closes", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ToolFormModal tool={tool(schema)} server={server} onClose={onClose} />);
    await user.clear(screen.getByLabelText(/^Limit/));
    await user.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Limit/), "10");
    await user.type(screen.getByLabelText(/^Region/), "eu");
    await user.click(screen.getByRole("button", { name: "Run" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [execution] = useToolExecutionsStore.getState().executions;
    // min_amount starts at its minimum (tools spec §3 defaults).
    expect(execution?.parameters).toEqual({ limit: 10, region: "eu", min_amount: 0 });
    expect(execution?.run).toMatchObject({
      toolName: "query_orders",
      endpoint: server.endpoint,
      recordsCalls: true,
    });
  });

  it("shows the 'Invalid Tool Schema' panel for a schema it cannot read", () => {
    render(
      <ToolFormModal
        tool={tool({ type: "object", properties: { a: { $ref: "#/$defs/Gone" } } })}
        server={server}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid Tool Schema");
    expect(screen.getByRole("button", { name: "Run" })).toBeDisabled();
  });
});
