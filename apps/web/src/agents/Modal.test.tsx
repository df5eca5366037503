import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Modal, type ModalSize } from "./Modal.js";

describe("Modal", () => {
  it("renders nothing while closed", () => {
    render(
      <Modal open={false} onClose={() => undefined} title="Hidden">
        body
      </Modal>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is a labelled modal dialog that Escape, the close button and the backdrop close", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal open onClose={onClose} title="Details">
        <p>body</p>
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Details" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole("button", { name: "Close dialog" }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it.each<[ModalSize, string]>([
    ["sm", "md:max-w-sm"],
    ["md", "md:max-w-lg"],
    ["lg", "md:max-w-2xl"],
    ["xl", "md:max-w-4xl"],
  ])("size %s is full width below 768 px and %s from there", (size, width) => {
    render(
      <Modal open onClose={() => undefined} title="Sized" size={size}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveAttribute("data-size", size);
    expect(dialog).toHaveClass("w-full", "h-full", "md:h-auto", width);
  });

  it("moves focus inside, keeps Tab inside and gives focus back on close", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<button type="button">Opener</button>);
    screen.getByRole("button", { name: "Opener" }).focus();
    const modal = (open: boolean) => (
      <>
        <button type="button">Opener</button>
        <Modal
          open={open}
          onClose={() => undefined}
          title="Focus"
          footer={<button type="button">Last</button>}
        >
          body
        </Modal>
      </>
    );
    rerender(modal(true));
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Last" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Last" })).toHaveFocus();
    rerender(modal(false));
    expect(screen.getByRole("button", { name: "Opener" })).toHaveFocus();
  });
});
