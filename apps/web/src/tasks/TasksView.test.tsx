import type { Task } from "@a2a-chat/contracts";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureAgent } from "../agents/agent-card-fixtures.js";
import type { FetchLike } from "../lib/api.js";
import { formatTimestamp } from "../lib/timestamps.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { resetAllStores } from "../stores/reset.js";
import { useTasksStore } from "../stores/tasks-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { jsonReply } from "../test/sse-fixture.js";
import { TasksView, taskColumns } from "./TasksView.js";
import { makeTask } from "./task-fixture.js";

const conversations = [
  { id: "ctx-1", name: "Trip" },
  { id: "ctx-2", name: "Taxes" },
];

function renderView(overrides: Partial<Parameters<typeof TasksView>[0]> = {}) {
  const props = {
    currentContextId: "ctx-1",
    conversations,
    onOpenConversation: vi.fn(),
    onRespond: vi.fn(),
    onAuthorize: vi.fn(),
    ...overrides,
  };
  render(<TasksView {...props} />);
  return props;
}

const seed = (...tasks: Task[]) => {
  for (const task of tasks) useTasksStore.getState().upsertTask(task);
};
const rowOf = (text: string) => {
  const row = screen.getByText(text).closest("tr");
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};
const cellsOf = (text: string) =>
  within(rowOf(text))
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
const shownIds = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[4]?.textContent);

const working = makeTask("aaaaaaaa-working", {
  status: { state: "working", timestamp: "2025-01-01T10:00:05Z" },
});
const done = makeTask("bbbbbbbb-done", {
  status: { state: "completed", timestamp: "2025-01-01T10:00:03Z" },
  metadata: { mcp_server_name: "analytics", task_type: "mcp_execution", agent_name: "mcp" },
  history: [
    { messageId: "m1", role: "user", parts: [{ kind: "text", text: "a table of planets" }] },
    {
      messageId: "m2",
      role: "agent",
      parts: [{ kind: "text", text: "Here it is: type `help` for **more**" }],
    },
  ],
});
const failed = makeTask("cccccccc-failed", {
  status: { state: "failed", timestamp: "2025-01-01T10:01:00Z" },
});
const elsewhere = makeTask("dddddddd-other", { contextId: "ctx-2", status: { state: "working" } });

describe("TasksView", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    resetAllStores();
    fetchMock = vi.fn<FetchLike>(async () => jsonReply(200, []));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's columns in order", () => {
    seed(done);
    renderView();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Status",
      "Agent",
      "MCP Server",
      "Conversation",
      "Task ID",
      "Msgs",
      "Arts",
      "Duration",
      "Timestamp",
      "Actions",
    ]);
  });

  it("labels every cell with its column, so the narrow layout's cards name each value", () => {
    seed(makeTask("ffffffff-input", { status: { state: "input-required" } }), done);
    renderView();
    for (const row of screen.getAllByRole("row").slice(1)) {
      const labels = within(row)
        .getAllByRole("cell")
        .map((cell) => cell.getAttribute("data-label"));
      expect(labels).toEqual([...taskColumns]);
    }
    // Nothing is pinned over other columns any more.
    expect(screen.getByRole("columnheader", { name: "Actions" })).not.toHaveClass("sticky");
  });

  it("says 'Loading tasks...' while the first load runs", () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    renderView();
    expect(screen.getByRole("status")).toHaveTextContent("Loading tasks...");
  });

  it("says 'No Tasks Yet' when the conversation has no task", async () => {
    renderView();
    expect(await screen.findByText("No Tasks Yet")).toBeInTheDocument();
    expect(
      screen.getByText("Tasks will appear here when agents start processing your requests"),
    ).toBeInTheDocument();
  });

  it("loads the current conversation's tasks on mount and all tasks for 'All Conversations'", async () => {
    renderView();
    await waitFor(() =>
      expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/contexts/ctx-1/tasks?limit=100"),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "All Conversations" }));
    await waitFor(() => expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/v1/core/tasks?limit=100"));
  });

  it("shows a row's status label, agent, server, conversation, 8-character id and counts", () => {
    seed(done);
    renderView();
    expect(cellsOf("bbbbbbbb")).toEqual([
      "Completed",
      "Tool: analytics",
      "analytics",
      "Trip",
      "bbbbbbbb",
      "2",
      "0",
      "3.0s",
      formatTimestamp(Date.UTC(2025, 0, 1, 10, 0, 3)),
      "Details",
    ]);
    expect(screen.getByText("bbbbbbbb")).toHaveAttribute("title", "bbbbbbbb-done");
    expect(within(rowOf("bbbbbbbb")).getByText("Completed")).toHaveAttribute(
      "data-state",
      "completed",
    );
  });

  it("names each task's agent as the rest of the app does, not by its id", () => {
    useAgentsStore.setState({
      agents: [fixtureAgent({ name: "assistant", displayName: "Assistant" })],
    });
    seed(working);
    renderView();
    expect(cellsOf("aaaaaaaa")[1]).toBe("Assistant");
  });

  it("shows a duration only for completed or failed tasks", () => {
    seed(working, done, failed);
    renderView();
    expect(cellsOf("aaaaaaaa")[7]).toBe("—");
    expect(cellsOf("bbbbbbbb")[7]).toBe("3.0s");
    expect(cellsOf("cccccccc")[7]).toBe("1m 0s");
  });

  it("reads status timestamps without a 'T' as UTC", () => {
    seed(makeTask("eeeeeeee", { status: { state: "working", timestamp: "2025-01-01 10:00:07" } }));
    renderView();
    expect(cellsOf("eeeeeeee")[8]).toBe(formatTimestamp(Date.UTC(2025, 0, 1, 10, 0, 7)));
  });

  it("lists tasks newest first and scopes them to the current conversation by default", async () => {
    seed(working, done, failed, elsewhere);
    renderView();
    expect(screen.getByRole("button", { name: "Current" })).toHaveAttribute("aria-pressed", "true");
    expect(shownIds()).toEqual(["cccccccc", "aaaaaaaa", "bbbbbbbb"]);
    expect(screen.queryByRole("button", { name: "Clear All" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "All Conversations" }));
    expect(shownIds()).toContain("dddddddd");
  });

  it("filters by status, toggles back to All and clears all filters", async () => {
    const user = userEvent.setup();
    seed(working, done, failed, elsewhere);
    renderView();
    await user.click(screen.getByRole("button", { name: "Working" }));
    expect(shownIds()).toEqual(["aaaaaaaa"]);
    expect(screen.getByRole("button", { name: "Working" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Working" }));
    expect(screen.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    expect(shownIds()).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Failed" }));
    await user.click(screen.getByRole("button", { name: "All Conversations" }));
    expect(shownIds()).toEqual(["cccccccc"]);
    await user.click(screen.getByRole("button", { name: "Clear All" }));
    expect(shownIds()).toEqual(["cccccccc", "aaaaaaaa", "bbbbbbbb"]);
    expect(screen.getByRole("button", { name: "Current" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("button", { name: "Clear All" })).not.toBeInTheDocument();
  });

  it("says 'No Tasks Match Filters' when the filters hide every task", async () => {
    seed(working);
    renderView();
    await userEvent.setup().click(screen.getByRole("button", { name: "Completed" }));
    expect(screen.getByText("No Tasks Match Filters")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your filters to see more tasks")).toBeInTheDocument();
  });

  it("offers Respond for input-required and Authorize for auth-required tasks", async () => {
    const user = userEvent.setup();
    seed(
      makeTask("ffffffff-input", { status: { state: "input-required" } }),
      makeTask("gggggggg-auth", { status: { state: "auth-required" } }),
      working,
    );
    const props = renderView();
    expect(within(rowOf("aaaaaaaa")).queryByRole("button", { name: "Respond" })).toBeNull();
    expect(within(rowOf("gggggggg")).queryByRole("button", { name: "Respond" })).toBeNull();
    await user.click(within(rowOf("ffffffff")).getByRole("button", { name: "Respond" }));
    expect(props.onRespond).toHaveBeenCalledWith("ffffffff-input");
    await user.click(within(rowOf("gggggggg")).getByRole("button", { name: "Authorize" }));
    expect(props.onAuthorize).toHaveBeenCalledWith("gggggggg-auth");
    expect(screen.getAllByRole("button", { name: "Authorize" })).toHaveLength(1);
  });

  it("opens the conversation of a row", async () => {
    seed(done);
    const props = renderView();
    await userEvent.setup().click(screen.getByRole("button", { name: "Trip" }));
    expect(props.onOpenConversation).toHaveBeenCalledWith("ctx-1");
  });

  it("opens a Details dialog that Escape closes", async () => {
    const user = userEvent.setup();
    seed(done);
    renderView();
    const details = within(rowOf("bbbbbbbb")).getByRole("button", { name: "Details" });
    await user.click(details);
    const dialog = screen.getByRole("dialog", { name: "Task Details bbbbbbbb" });
    expect(within(dialog).getByText("Completed")).toBeInTheDocument();
    expect(
      within(dialog).getByText(formatTimestamp(Date.UTC(2025, 0, 1, 10, 0, 3))),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Message History (2)")).toBeInTheDocument();
    expect(within(dialog).getByText("1 from the user, 1 from the agent")).toBeInTheDocument();
    expect(within(dialog).getByText("a table of planets")).toBeInTheDocument();
    // Markdown as in the chat, not its raw backticks and stars.
    expect(within(dialog).getByText("help").tagName).toBe("CODE");
    expect(within(dialog).getByText("more").tagName).toBe("STRONG");
    expect(dialog).not.toHaveTextContent("`");
    expect(within(dialog).getByText("Artifacts (0)")).toBeInTheDocument();
    expect(within(dialog).getByText(/"mcp_server_name": "analytics"/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(details).toHaveFocus();
  });

  it("shows a task with a bad timestamp as an error row and keeps the others", () => {
    seed(done, makeTask("hhhhhhhh-bad", { status: { state: "working", timestamp: "" } }));
    renderView();
    expect(rowOf("hhhhhhhh")).toHaveTextContent(
      "Cannot show task hhhhhhhh: Task status timestamp is missing",
    );
    expect(cellsOf("bbbbbbbb")[0]).toBe("Completed");
  });

  it("follows live updates of the store", () => {
    seed(working);
    renderView();
    expect(cellsOf("aaaaaaaa")[0]).toBe("Working...");
    act(() =>
      useTasksStore.getState().applyStatusChange({
        task_id: working.id,
        status: "input-required",
        timestamp: "2025-01-01T10:00:09Z",
      }),
    );
    expect(cellsOf("aaaaaaaa")[0]).toBe("Input Required");
    act(() => useTasksStore.getState().upsertTask(failed));
    expect(shownIds()).toEqual(["cccccccc", "aaaaaaaa"]);
  });

  it("shows a failed load in an error banner", async () => {
    fetchMock.mockResolvedValue(jsonReply(500, { error: "internal", message: "Boom" }));
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("Boom");
  });
});
