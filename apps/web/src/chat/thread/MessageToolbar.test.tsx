import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { chatMessage, testTask } from "../engine/engine-fixtures.js";
import { MessageToolbar } from "./MessageToolbar.js";
import type { MessageActions } from "./message-actions.js";

function actions(canBranch = true): MessageActions {
  return {
    onSwitchBranch: vi.fn(),
    onEditing: vi.fn(),
    onEdit: vi.fn(async () => true),
    onRegenerate: vi.fn(),
    onFork: vi.fn(),
    canBranch: () => canBranch,
  };
}

const place = { taskId: "b", siblings: ["a", "b", "c"], index: 1 };

describe("MessageToolbar", () => {
  it("shows '‹ 2 / 3 ›' and switches to the sibling before or after", () => {
    const handlers = actions();
    render(
      <MessageToolbar
        message={chatMessage({ id: "m", taskId: "b" })}
        branch={place}
        actions={handlers}
        busy={false}
      />,
    );
    expect(screen.getByRole("navigation", { name: "Branches" }).textContent).toContain("2 / 3");
    fireEvent.click(screen.getByRole("button", { name: "Previous branch" }));
    fireEvent.click(screen.getByRole("button", { name: "Next branch" }));
    expect(handlers.onSwitchBranch).toHaveBeenNthCalledWith(1, "a");
    expect(handlers.onSwitchBranch).toHaveBeenNthCalledWith(2, "c");
  });

  it("offers Edit on your message and Regenerate on an agent's reply, not while a reply is written", () => {
    const handlers = actions();
    const reply = chatMessage({ id: "r", role: "assistant", taskId: "b", task: testTask() });
    const { rerender } = render(
      <MessageToolbar
        message={chatMessage({ id: "m", taskId: "b" })}
        actions={handlers}
        busy={false}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(handlers.onEditing).toHaveBeenCalledWith("m");
    expect(screen.queryByRole("button", { name: "Regenerate" })).toBeNull();
    rerender(<MessageToolbar message={reply} actions={handlers} busy={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(handlers.onRegenerate).toHaveBeenCalledWith(reply);
    fireEvent.click(screen.getByRole("button", { name: "Fork" }));
    expect(handlers.onFork).toHaveBeenCalledWith(reply);
    rerender(<MessageToolbar message={reply} actions={handlers} busy={true} />);
    expect(screen.getByRole("button", { name: "Regenerate" })).toHaveProperty("disabled", true);
  });

  it("shows nothing for a message with no stored task and no branches", () => {
    const { container } = render(
      <MessageToolbar message={chatMessage({ id: "m" })} actions={actions(false)} busy={false} />,
    );
    expect(container.textContent).toBe("");
  });
});
