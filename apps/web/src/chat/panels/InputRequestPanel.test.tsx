import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
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
});
