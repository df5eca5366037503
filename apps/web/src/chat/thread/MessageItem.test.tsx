import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testTask } from "../engine/engine-fixtures.js";
import type { ToolCall } from "../model/chat-types.js";
import { MessageItem } from "./MessageItem.js";
import { chatMessage, testArtifact } from "./test-messages.js";

const call = (id: string, result?: ToolCall["result"]): ToolCall => ({
  id,
  name: `tool_${id}`,
  arguments: {},
  result,
  timestamp: "2024-01-01T00:00:00Z",
});

describe("MessageItem", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("puts user messages on the right with 'You' and the US 2-digit time", () => {
    render(
      <MessageItem
        message={chatMessage({ role: "user", parts: [{ kind: "text", text: "Hello" }] })}
      />,
    );
    const article = screen.getByRole("article", { name: "Your message" });
    expect(article).toHaveClass("justify-end");
    expect(within(article).getByText("You")).toBeInTheDocument();
    expect(within(article).getByText("02:05:09 PM")).toBeInTheDocument();
    expect(within(article).getByText("Hello")).toBeInTheDocument();
  });

  it("puts assistant messages on the left under the agent's name", () => {
    render(
      <MessageItem
        agentName="Helper"
        message={chatMessage({ parts: [{ kind: "text", text: "Hi there" }] })}
      />,
    );
    const article = screen.getByRole("article", { name: "Message from Helper" });
    expect(article).toHaveClass("justify-start");
    expect(within(article).getByText("Helper")).toBeInTheDocument();
  });

  it("shows 'Updating' and a typing indicator while streaming with no text yet", () => {
    const { rerender } = render(<MessageItem message={chatMessage({ isStreaming: true })} />);
    expect(screen.getByText("Updating")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Agent is typing" })).toBeInTheDocument();
    rerender(<MessageItem message={chatMessage({ isStreaming: true, content: "Thinking" })} />);
    expect(screen.queryByRole("status", { name: "Agent is typing" })).not.toBeInTheDocument();
    expect(screen.getByText("Thinking")).toBeInTheDocument();
    rerender(
      <MessageItem
        message={chatMessage({ content: "Done", parts: [{ kind: "text", text: "Done" }] })}
      />,
    );
    expect(screen.queryByText("Updating")).not.toBeInTheDocument();
    expect(screen.getAllByText("Done")).toHaveLength(1);
  });

  it("shows '+N new' for 2 seconds when artifacts arrive while streaming", () => {
    vi.useFakeTimers();
    const first = chatMessage({ isStreaming: true, artifacts: [testArtifact("a1")] });
    const { rerender } = render(<MessageItem message={first} />);
    expect(screen.queryByText(/new$/)).not.toBeInTheDocument();
    rerender(
      <MessageItem
        message={{
          ...first,
          artifacts: [testArtifact("a1"), testArtifact("a2"), testArtifact("a3")],
        }}
      />,
    );
    expect(screen.getByText("+2 new")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText("+2 new")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("+2 new")).not.toBeInTheDocument();
  });

  it("shows internal artifacts only in debug mode, with '+N internal'", async () => {
    const message = chatMessage({
      artifacts: [testArtifact("shown"), testArtifact("hidden", { is_internal: true })],
    });
    const { rerender } = render(<MessageItem message={message} />);
    expect(await screen.findByText(/Artifact shown/)).toBeInTheDocument();
    expect(screen.queryByText(/Artifact hidden/)).not.toBeInTheDocument();
    expect(screen.queryByText("+1 internal")).not.toBeInTheDocument();
    rerender(<MessageItem message={message} debugMode />);
    expect(await screen.findByText(/Artifact hidden/)).toBeInTheDocument();
    expect(screen.getByText("+1 internal")).toBeInTheDocument();
  });

  it("a direct tool run honours render behaviour: modal and silent results stay out of the thread", async () => {
    const artifacts = [
      testArtifact("inline", { render_behavior: "inline" }),
      testArtifact("modal", { render_behavior: "modal" }),
      testArtifact("silent", { render_behavior: "silent" }),
      testArtifact("both", { render_behavior: "both" }),
    ];
    const run = testTask({
      metadata: {
        task_type: "mcp_execution",
        agent_name: "mcp",
        created_at: "2025-01-01T00:00:00.000Z",
      },
    });
    const { rerender } = render(<MessageItem message={chatMessage({ artifacts, task: run })} />);
    expect(await screen.findByText(/Artifact inline/)).toBeInTheDocument();
    expect(screen.getByText(/Artifact both/)).toBeInTheDocument();
    expect(screen.queryByText(/Artifact modal/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Artifact silent/)).not.toBeInTheDocument();
    // An agent's reply shows every result its tools gave.
    rerender(<MessageItem message={chatMessage({ artifacts, task: testTask() })} />);
    expect(await screen.findByText(/Artifact modal/)).toBeInTheDocument();
  });

  it("lists tool calls, highlights a new one for 2 seconds and opens one on click", async () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    const message = chatMessage({
      isStreaming: true,
      toolCalls: [call("a", { content: 1, is_error: false })],
    });
    const { rerender } = render(<MessageItem message={message} onOpenToolCall={onOpen} />);
    const list = screen.getByRole("list", { name: "Tool calls" });
    expect(
      within(list)
        .getByRole("button", { name: /tool_a Done/ })
        .closest("li"),
    ).not.toHaveAttribute("data-highlighted");
    const next = { ...message, toolCalls: [...message.toolCalls, call("b")] };
    rerender(<MessageItem message={next} onOpenToolCall={onOpen} />);
    const fresh = within(list).getByRole("button", { name: /tool_b Running/ });
    expect(fresh.closest("li")).toHaveAttribute("data-highlighted", "true");
    act(() => vi.advanceTimersByTime(2000));
    expect(fresh.closest("li")).not.toHaveAttribute("data-highlighted");
    vi.useRealTimers();
    await userEvent.setup().click(fresh);
    expect(onOpen).toHaveBeenCalledWith(next.toolCalls[1], next);
  });

  it("marks a failed tool call", () => {
    render(
      <MessageItem
        message={chatMessage({ toolCalls: [call("x", { content: "boom", is_error: true })] })}
      />,
    );
    expect(screen.getByText("Failed")).toBeInTheDocument();
  });

  it("says a stopped reply was stopped and its unfinished tool calls cancelled", () => {
    const stopped = chatMessage({
      role: "assistant",
      taskState: "canceled",
      parts: [{ kind: "text", text: "Building the report" }],
      toolCalls: [call("done", { content: 1, is_error: false }), { ...call("r"), cancelled: true }],
    });
    const { rerender } = render(<MessageItem message={stopped} />);
    expect(screen.getByText("Stopped")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Tool calls" });
    expect(within(list).getByText(/tool_done/).parentElement).toHaveTextContent("Done");
    expect(within(list).getByText(/tool_r/).parentElement).toHaveTextContent("Cancelled");
    // Older tasks have no mark: a call without a result in an ended reply is not running.
    rerender(
      <MessageItem message={{ ...stopped, taskState: "failed", toolCalls: [call("old")] }} />,
    );
    expect(screen.queryByText("Stopped")).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Tool calls" })).toHaveTextContent("Cancelled");
    expect(screen.queryByText("Running")).not.toBeInTheDocument();
  });
});
