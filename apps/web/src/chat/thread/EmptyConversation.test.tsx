import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyConversation } from "./EmptyConversation.js";

describe("EmptyConversation", () => {
  it("shows the agent's name, its description and the prompt", () => {
    render(<EmptyConversation agentName="Weather" description="Forecasts on demand" />);
    expect(screen.getByRole("heading", { name: "Weather" })).toBeInTheDocument();
    expect(screen.getByText("Forecasts on demand")).toBeInTheDocument();
    expect(
      screen.getByText("Say hello, or choose another agent from the menu."),
    ).toBeInTheDocument();
  });

  it("says 'Ready to assist you' when the agent has no description", () => {
    render(<EmptyConversation agentName="Weather" />);
    expect(screen.getByText("Ready to assist you")).toBeInTheDocument();
  });
});
