import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PendingRequest } from "../model/chat-types.js";
import { AuthRequestPanel } from "./AuthRequestPanel.js";

const request: PendingRequest = {
  taskId: "t1",
  messageId: "m1",
  message: "Which city do you mean?",
  timestamp: "2024-01-01T00:00:00Z",
};

describe("AuthRequestPanel", () => {
  it("shows the agent's message and authorizes the task", async () => {
    const user = userEvent.setup();
    const onAuthorize = vi.fn();
    render(
      <AuthRequestPanel
        request={{ ...request, message: "Please sign in to your calendar" }}
        onAuthorize={onAuthorize}
      />,
    );
    expect(screen.getByRole("region", { name: "Authentication Required" })).toHaveTextContent(
      "Please sign in to your calendar",
    );
    await user.click(screen.getByRole("button", { name: "Authorize" }));
    expect(onAuthorize).toHaveBeenCalledWith("t1");
  });
});
