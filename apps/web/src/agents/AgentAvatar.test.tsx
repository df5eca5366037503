import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentAvatar } from "./AgentAvatar.js";
import { avatarColor } from "./avatar-style.js";

describe("AgentAvatar", () => {
  it("shows the initials in orange without a seed", () => {
    render(<AgentAvatar name="Admin Bot" />);
    const avatar = screen.getByTestId("agent-avatar");
    expect(avatar).toHaveTextContent("AB");
    expect(avatar).toHaveClass("bg-primary-500");
  });

  it("takes its colour from the seed", () => {
    render(<AgentAvatar name="Coder" seed="coder" size="lg" />);
    const avatar = screen.getByTestId("agent-avatar");
    expect(avatar).toHaveClass(avatarColor("coder"), "h-14");
    expect(avatar).toHaveAttribute("aria-hidden", "true");
  });
});
