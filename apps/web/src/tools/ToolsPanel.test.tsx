import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { fixtureAgent } from "../agents/agent-card-fixtures.js";
import type { ServerTool } from "../api/list-server-tools.js";
import type { ToolServer } from "../api/mcp-registry-api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { useStreamStore } from "../stores/stream-store.js";
import type { ShownToolServer } from "../stores/tools-reducers.js";
import { type ToolsState, useToolsStore } from "../stores/tools-store.js";
import { ToolsPanel } from "./ToolsPanel.js";

const pristine = useToolsStore.getState();

const server = (name: string, overrides: Partial<ToolServer> = {}): ToolServer => ({
  name,
  description: "",
  endpoint: `/api/v1/mcp/${name}/mcp`,
  auth: "required",
  status: "running",
  oauth_required: false,
  oauth_scopes: [],
  recordsCalls: true,
  ...overrides,
});

const tool = (serverName: string, name: string, extra: Partial<ServerTool> = {}): ServerTool => ({
  name,
  inputSchema: { type: "object" },
  serverName,
  serverEndpoint: `/api/v1/mcp/${serverName}/mcp`,
  ...extra,
});

const analytics: ShownToolServer = { server: server("analytics"), access: "open" };
const product: ShownToolServer = { server: server("product", { status: "error" }), access: "open" };
const github: ShownToolServer = {
  server: server("github", { oauth_required: true }),
  access: "login",
};

function withState(patch: Partial<ToolsState>) {
  const load = vi.fn(async () => undefined);
  const ensureLoaded = vi.fn(async () => undefined);
  const listServer = vi.fn(async (_name: string) => undefined);
  useToolsStore.setState({ ...pristine, load, ensureLoaded, listServer, ...patch }, true);
  return { load, ensureLoaded, listServer };
}

describe("ToolsPanel", () => {
  beforeEach(() => {
    localStorage.clear();
    useStreamStore.setState({ status: "disconnected", retryAt: null });
    useAuthStore.setState({ ...emptyAuthSession, accessToken: "t", userId: "anon-1" });
  });
  afterEach(() => {
    // Unmount first: a mounted panel would start a real load once the real actions are back.
    cleanup();
    useToolsStore.setState(pristine, true);
    useToolsStore.getState().reset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the heading and 'Loading tools...' while loading", () => {
    withState({ loading: true });
    render(<ToolsPanel />);
    expect(screen.getByRole("heading", { name: "Tools" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/^Loading tools\.\.\.$/);
    expect(
      screen.queryByText("No MCP servers running. Start MCP servers to see tools."),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh tools" })).toBeDisabled();
  });

  it("loads the tools again when the live stream is back after failing (a server outage)", () => {
    const { load } = withState({});
    render(<ToolsPanel />);
    act(() => useStreamStore.getState().setStatus("connected"));
    expect(load).not.toHaveBeenCalled();
    act(() => useStreamStore.getState().setStatus("error"));
    act(() => useStreamStore.getState().setStatus("connecting"));
    expect(load).not.toHaveBeenCalled();
    act(() => useStreamStore.getState().setStatus("error"));
    act(() => useStreamStore.getState().setStatus("connected"));
    expect(load).toHaveBeenCalledTimes(1);
    // The way back usually passes through 'connecting' after the last failure.
    act(() => useStreamStore.getState().setStatus("error"));
    act(() => useStreamStore.getState().setStatus("connecting"));
    act(() => useStreamStore.getState().setStatus("connected"));
    expect(load).toHaveBeenCalledTimes(2);
    act(() => useStreamStore.getState().setStatus("connecting"));
    act(() => useStreamStore.getState().setStatus("connected"));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shows the empty state when no server is listed", () => {
    withState({});
    render(<ToolsPanel />);
    expect(
      screen.getByText("No MCP servers running. Start MCP servers to see tools."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Loading tools...")).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Tool servers" })).not.toBeInTheDocument();
  });

  it("shows the stored error instead of the empty state", () => {
    withState({ error: "Failed to load MCP registry" });
    render(<ToolsPanel />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Failed to load MCP registry$/);
    expect(
      screen.queryByText("No MCP servers running. Start MCP servers to see tools."),
    ).not.toBeInTheDocument();
  });

  it("loads once on mount and again on Refresh", async () => {
    const { load, ensureLoaded } = withState({});
    const user = userEvent.setup();
    const { rerender } = render(<ToolsPanel />);
    rerender(<ToolsPanel />);
    expect(ensureLoaded).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Refresh tools" }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks for a load again when the user changes", () => {
    const { ensureLoaded } = withState({});
    render(<ToolsPanel />);
    act(() => useAuthStore.setState({ isAuthenticated: true, userId: "u1", scopes: ["user"] }));
    expect(ensureLoaded).toHaveBeenCalledTimes(2);
  });

  it("lists each server with its status; opening one lists its tools", async () => {
    const { listServer } = withState({
      servers: [analytics, product],
      listings: { analytics: "loaded", product: "loaded" },
      tools: [
        tool("analytics", "query_orders", {
          description: "Orders of the sample business",
          outputSchema: { type: "object", "x-render-behavior": "modal" },
        }),
        tool("analytics", "list_regions"),
        tool("product", "search_docs", { description: "Searches the docs" }),
      ],
    });
    const user = userEvent.setup();
    render(<ToolsPanel />);
    const servers = screen.getByRole("list", { name: "Tool servers" });
    const toggle = within(servers).getByRole("button", { name: "analytics" });
    // Closed until opened: opening asks the store for the server's tools.
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(listServer).toHaveBeenCalledWith("analytics");
    await user.click(within(servers).getByRole("button", { name: "product" }));
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    // product's registry entry said error, but its tools were listed: it answers, so it is green.
    const dots = within(servers).getAllByRole("img", { name: "Status: running" });
    expect(dots).toHaveLength(2);
    for (const dot of dots) expect(dot).toHaveClass("bg-emerald-500");

    const analyticsTools = screen.getByRole("list", { name: "Tools of analytics" });
    const rows = within(analyticsTools).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "query_ordersRender behaviour: modalOrders of the sample business",
      "list_regions",
    ]);
    expect(
      within(screen.getByRole("list", { name: "Tools of product" })).getByText("Searches the docs"),
    ).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("list", { name: "Tools of analytics" })).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Tools of product" })).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole("list", { name: "Tools of analytics" })).toBeInTheDocument();
  });

  it("lists a tool that runs only as an MCP task, but not to be run, saying why", async () => {
    withState({
      servers: [analytics],
      listings: { analytics: "loaded" },
      tools: [
        tool("analytics", "research", {
          execution: { taskSupport: "required" },
        } as Partial<ServerTool>),
        tool("analytics", "list_regions"),
      ],
    });
    const user = userEvent.setup();
    render(<ToolsPanel />);
    await user.click(screen.getByRole("button", { name: "analytics" }));
    const research = screen.getByRole("button", { name: "Run research" });
    expect(research).toBeDisabled();
    expect(research).toHaveTextContent(
      "Runs only as an MCP task, which this client does not support",
    );
    expect(screen.getByRole("button", { name: "Run list_regions" })).toBeEnabled();
  });

  it("says when an opened server's tools are loading or could not be listed", async () => {
    withState({
      servers: [analytics, product],
      listings: { analytics: "loading", product: "error" },
    });
    const user = userEvent.setup();
    render(<ToolsPanel />);
    // Until its tools are listed, a server's dot is what the registry said.
    expect(screen.getByRole("img", { name: "Status: error" })).toHaveClass("bg-red-500");
    expect(screen.getByRole("img", { name: "Status: running" })).toHaveClass("bg-emerald-500");
    await user.click(screen.getByRole("button", { name: "analytics" }));
    await user.click(screen.getByRole("button", { name: "product" }));
    expect(
      within(screen.getByRole("list", { name: "Tools of analytics" })).getByText(
        "Loading tools...",
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Tools of product" })).getByText(
        "This server's tools could not be listed.",
      ),
    ).toBeInTheDocument();
  });

  it("greys an OAuth server for visitors and prompts sign-in when it is clicked", async () => {
    withState({ servers: [analytics, github], tools: [tool("analytics", "query_orders")] });
    const user = userEvent.setup();
    render(<ToolsPanel />);
    const button = screen.getByRole("button", { name: "github" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    expect(button).toHaveAccessibleDescription("Sign in required");
    expect(button).not.toHaveAttribute("aria-expanded");
    expect(button.closest("li")).toHaveClass("opacity-50");
    expect(button).toHaveTextContent("Sign in required");
    expect(screen.queryByRole("list", { name: "Tools of github" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "analytics" }).closest("li")).not.toHaveClass(
      "opacity-50",
    );

    await user.click(button);
    // The passkey sign-in modal (mounted by the chat page) opens, naming the server.
    expect(useAccountModal.getState()).toMatchObject({ mode: "signin", agentName: "github" });
    useAccountModal.getState().close();
  });

  it("lends a server the user added to the agents ticked, by keyboard, and puts the boxes back when the server did not save it", async () => {
    const mine: ShownToolServer = {
      server: server("mine", {
        endpoint: "/api/v1/mcp/external/s1/mcp",
        userServerId: "s1",
        credentialsKind: "bearer",
        agentUse: false,
        agents: [],
      }),
      access: "open",
    };
    withState({ servers: [analytics, mine], listings: { analytics: "loaded", mine: "loaded" } });
    useAgentsStore.setState({
      agents: [
        fixtureAgent({ name: "assistant", displayName: "Assistant" }),
        fixtureAgent({ name: "helper", displayName: "Helper" }),
        fixtureAgent({ name: "remote", displayName: "Remote" }, { external: true }),
      ],
    });
    const saved = {
      id: "s1",
      name: "mine",
      url: "https://tools.example.com/mcp",
      transport: "streamable_http",
      endpoint: "/api/v1/mcp/external/s1/mcp",
      credentials_kind: "bearer",
      timeout_ms: 60000,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      // The server's resources, prompts and log (listed when it opens) are not this test's.
      if (!String(url).endsWith("/agent-use")) return new Response(null, { status: 404 });
      const { agents } = JSON.parse(String(init?.body)) as { agents: "all" | string[] };
      return new Response(JSON.stringify({ ...saved, agent_use: agents.length > 0, agents }), {
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    useAuthStore.setState({ tokenExpiry: Date.now() + 3_600_000 });
    const user = userEvent.setup();
    render(<ToolsPanel />);
    // Our own servers have no such boxes.
    await user.click(screen.getByRole("button", { name: "analytics" }));
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "mine" }));
    const group = screen.getByRole("group", { name: "Let agents use this server (mine)" });
    const all = within(group).getByRole("checkbox", { name: "All agents" });
    const assistant = within(group).getByRole("checkbox", { name: "Assistant" });
    const helper = within(group).getByRole("checkbox", { name: "Helper" });
    // An agent the user added by URL runs elsewhere: it cannot be lent the server.
    expect(within(group).queryByRole("checkbox", { name: "Remote" })).not.toBeInTheDocument();
    for (const box of [all, assistant, helper]) expect(box).not.toBeChecked();

    // By keyboard: Tab to Helper, Space ticks it.
    all.focus();
    await user.tab();
    await user.tab();
    expect(helper).toHaveFocus();
    await user.keyboard(" ");
    await vi.waitFor(() => expect(helper).toBeChecked());
    const agentUse = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/agent-use"));
    const [url, init] = agentUse()[0] ?? [];
    expect(url).toBe("/api/v1/mcp/external/s1/agent-use");
    expect(init).toMatchObject({ method: "PUT", body: JSON.stringify({ agents: ["helper"] }) });
    expect(assistant).not.toBeChecked();
    expect(useToolsStore.getState().servers[1]?.server).toMatchObject({
      agentUse: true,
      agents: ["helper"],
    });

    // All agents: every box ticked, each agent's fixed while All is.
    await user.click(all);
    await vi.waitFor(() => expect(all).toBeChecked());
    expect(agentUse()[1]?.[1]).toMatchObject({ body: JSON.stringify({ agents: "all" }) });
    for (const box of [assistant, helper]) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }

    // Not saved (the server refused): the boxes go back and the reason is shown.
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: "not_found", message: "MCP server not found" }), {
          status: 404,
          headers: { "content-type": "application/json" },
        }),
    );
    await user.click(all);
    expect(await screen.findByRole("alert")).toHaveTextContent("MCP server not found");
    expect(all).toBeChecked();
    expect(useToolsStore.getState().servers[1]?.server.agents).toBe("all");

    // Unticking All takes it back from every agent.
    await user.click(all);
    await vi.waitFor(() => expect(all).not.toBeChecked());
    expect(fetchMock.mock.calls.at(-1)?.[1]).toMatchObject({
      body: JSON.stringify({ agents: [] }),
    });
    for (const box of [assistant, helper]) {
      expect(box).not.toBeChecked();
      expect(box).toBeEnabled();
    }
  });

  it("loads the registry on mount through the real store", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: [] }), {
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(<ToolsPanel />);
    expect(screen.getByText("Loading tools...")).toBeInTheDocument();
    expect(
      await screen.findByText("No MCP servers running. Start MCP servers to see tools."),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/v1/mcp/registry", expect.anything());
  });
});
