import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { unhandledRejectionLabel, unknownErrorMessage } from "./error-notice.js";
import { installErrorToasts } from "./error-toasts.js";

function rejection(reason: unknown): Event {
  const event = new Event("unhandledrejection");
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe("error toasts", () => {
  let uninstall: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    uninstall = installErrorToasts().uninstall;
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  it("shows an uncaught error's message and leaves after 5 s", () => {
    window.dispatchEvent(
      new ErrorEvent("error", { error: new Error("Kaboom"), message: "Uncaught Error: Kaboom" }),
    );
    const toast = screen.getByRole("alert");
    expect(within(toast).getByText("Error")).toBeInTheDocument();
    expect(within(toast).getByText("Kaboom")).toBeInTheDocument();
    vi.advanceTimersByTime(5000);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("labels rejections and falls back to the spec's messages", () => {
    window.dispatchEvent(rejection(42));
    window.dispatchEvent(new ErrorEvent("error", { message: "" }));
    const [first, second] = screen.getAllByRole("alert");
    expect(first).toHaveTextContent(unhandledRejectionLabel);
    expect(
      within(first as HTMLElement).getByText(unhandledRejectionLabel, {
        selector: ".toast-message",
      }),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent(unknownErrorMessage);
  });

  it("stays while its details are open, shows the stack, and closes by hand", () => {
    window.dispatchEvent(rejection(new Error("No network")));
    const toast = screen.getByRole("alert");
    fireEvent.click(within(toast).getByRole("button", { name: "Show details" }));
    expect(within(toast).getByRole("button", { name: "Hide details" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(toast.querySelector(".toast-details")?.textContent).toContain("Error: No network");
    vi.advanceTimersByTime(30_000);
    expect(screen.getByRole("alert")).toBe(toast);
    fireEvent.click(within(toast).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("does not stack the same error twice", () => {
    const error = new Error("Twice");
    window.dispatchEvent(new ErrorEvent("error", { error }));
    window.dispatchEvent(new ErrorEvent("error", { error }));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("×2");
  });

  it("shows one toast with a count for two identical errors thrown apart", () => {
    const thrown = () => new Error("Same failure");
    window.dispatchEvent(new ErrorEvent("error", { error: new Error("Same failure") }));
    window.dispatchEvent(new ErrorEvent("error", { error: thrown() }));
    const [toast, ...more] = screen.getAllByRole("alert");
    expect(more).toEqual([]);
    expect(toast).toHaveTextContent("×2");
    expect(within(toast as HTMLElement).getAllByText("Same failure")).toHaveLength(1);
  });
});
