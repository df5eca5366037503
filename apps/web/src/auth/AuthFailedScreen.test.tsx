import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthFailedScreen } from "./AuthFailedScreen.js";

describe("AuthFailedScreen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("explains the failure and offers a reload", () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    render(<AuthFailedScreen />);
    expect(screen.getByRole("heading", { name: "Authentication Failed" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Failed to initialize authentication. Please refresh the page.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Refresh Page" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
