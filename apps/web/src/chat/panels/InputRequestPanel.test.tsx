import type { McpRequest } from "@a2a-chat/contracts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useMcpRequestsStore } from "../../stores/mcp-requests-store.js";
import type { PendingRequest } from "../model/chat-types.js";
import { InputRequestPanel } from "./InputRequestPanel.js";

const request: PendingRequest = {
  taskId: "t1",
  messageId: "m1",
  message: "Which city do you mean?",
  timestamp: "2024-01-01T00:00:00Z",
};

describe("InputRequestPanel", () => {
  it("shows the question and responds with the trimmed text", async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    render(<InputRequestPanel request={request} onRespond={onRespond} />);
    expect(screen.getByRole("region", { name: "Input Required" })).toHaveTextContent(
      "Which city do you mean?",
    );
    const respond = screen.getByRole("button", { name: "Respond" });
    expect(respond).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Your response" }), "   ");
    expect(respond).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Your response" }), " Oslo ");
    await user.click(respond);
    expect(onRespond).toHaveBeenCalledWith("t1", "Oslo");
    expect(screen.getByRole("textbox", { name: "Your response" })).toHaveValue("");
  });

  it("responds on Enter and keeps the text when responding fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = userEvent.setup();
    const onRespond = vi.fn().mockRejectedValue(new Error("offline"));
    render(<InputRequestPanel request={request} onRespond={onRespond} />);
    const box = screen.getByRole("textbox", { name: "Your response" });
    await user.type(box, "Bergen{Enter}");
    await waitFor(() => expect(onRespond).toHaveBeenCalledWith("t1", "Bergen"));
    expect(box).toHaveValue("Bergen");
    warn.mockRestore();
  });

  it("shows an MCP server's form in place, answers with its values, and keeps it out of the dialogs", async () => {
    const user = userEvent.setup();
    const onRespond = vi.fn();
    const question: McpRequest = {
      id: "q1",
      kind: "elicitation",
      server_name: "Shop",
      context_id: "c1",
      task_id: "t1",
      params: {
        message: "Where to?",
        requestedSchema: {
          type: "object",
          properties: {
            city: { type: "string", title: "City" },
            n: { type: "integer", default: 2 },
          },
          required: ["city"],
        },
      },
      status: "pending",
      created_at: "2024-01-01T00:00:00Z",
      expires_at: "2024-01-01T00:05:00Z",
    };
    const { unmount } = render(
      <InputRequestPanel request={request} onRespond={onRespond} question={question} />,
    );
    expect(useMcpRequestsStore.getState().inline).toEqual(["q1"]);
    const form = screen.getByRole("form", { name: "Shop asks for input" });
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(onRespond).not.toHaveBeenCalled();
    expect(form).toHaveTextContent("This field is required");
    await user.type(screen.getByLabelText(/^City/), "Oslo");
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(onRespond).toHaveBeenCalledWith("t1", "Accepted (city: Oslo; n: 2)", {
      action: "accept",
      content: { city: "Oslo", n: 2 },
    });
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onRespond).toHaveBeenLastCalledWith("t1", "Declined", { action: "decline" });
    unmount();
    expect(useMcpRequestsStore.getState().inline).toEqual([]);
  });
});
