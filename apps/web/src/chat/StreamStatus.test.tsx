import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { resetAllStores } from "../stores/reset.js";
import { useStreamStore } from "../stores/stream-store.js";
import { StreamStatus } from "./StreamStatus.js";

describe("StreamStatus", () => {
  beforeEach(() => resetAllStores());

  it("shows the live stream's status as it changes", () => {
    render(<StreamStatus />);
    // The text stays readable to screen readers on narrow screens, where only the dot shows.
    expect(screen.getByText("Live disconnected").closest("p")).toHaveAttribute(
      "title",
      "Live updates: disconnected",
    );
    for (const status of ["connecting", "connected", "error"] as const) {
      act(() => useStreamStore.getState().setStatus(status));
      expect(screen.getByText(`Live ${status}`).closest("p")).toHaveAttribute(
        "data-stream-status",
        status,
      );
    }
  });

  it("says it is reconnecting, and when, while a reconnect waits", () => {
    render(<StreamStatus />);
    const at = new Date(2026, 0, 1, 14, 5, 9).getTime();
    act(() => {
      useStreamStore.getState().setStatus("error");
      useStreamStore.getState().setRetryAt(at);
    });
    const status = screen.getByText("Live error · reconnecting").closest("p");
    expect(status).toHaveAttribute("title", "Live updates: error, reconnecting at 02:05:09 PM");
    act(() => useStreamStore.getState().setStatus("connecting"));
    expect(screen.getByText("Live connecting")).toBeInTheDocument();
  });
});
