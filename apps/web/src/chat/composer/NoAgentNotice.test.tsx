import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NoAgentNotice } from "./NoAgentNotice.js";

describe("NoAgentNotice", () => {
  it("asks the user to pick an agent", () => {
    render(<NoAgentNotice />);
    expect(
      screen.getByText("Select an agent from the sidebar to send messages."),
    ).toBeInTheDocument();
  });
});
