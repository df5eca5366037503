import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgentAccess } from "../api/agent-access.js";
import { useServerReachability } from "../stores/server-reachability-store.js";
import { AgentCard } from "./AgentCard.js";
import { fixtureAgent } from "./agent-card-fixtures.js";

const assistant = fixtureAgent({ name: "assistant", displayName: "Assistant" });
const opsBot = fixtureAgent(
  { name: "ops-bot", displayName: "Ops Bot", requiredScopes: ["admin", "ops"], status: "Stopped" },
  { external: true },
);

function renderCard(access: Exclude<AgentAccess, "hidden">, agent = assistant, compact = false) {
  const handlers = {
    onSelect: vi.fn(),
    onRequireLogin: vi.fn(),
    onShowDetails: vi.fn(),
    onRemove: vi.fn(),
  };
  render(
    <ul>
      <AgentCard
        agent={agent}
        access={access}
        selected={false}
        compact={compact}
        userScopes={["user", "mcp"]}
        {...handlers}
      />
    </ul>,
  );
  return { ...handlers, user: userEvent.setup() };
}

const cardButton = (name: string) => screen.getByRole("button", { name });

describe("AgentCard", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useServerReachability.setState({ unreachable: false });
  });

  it("shows no green dot while this server is unreachable, and the green one once it is back", () => {
    useServerReachability.setState({ unreachable: true });
    renderCard("open");
    const dot = screen.getByRole("img", { name: "Status: unknown (server unreachable)" });
    expect(dot).not.toHaveClass("bg-emerald-500");
    expect(dot).toHaveAttribute("data-running", "false");
    act(() => useServerReachability.setState({ unreachable: false }));
    expect(screen.getByRole("img", { name: "Status: Running" })).toHaveClass("bg-emerald-500");
  });

  it("shows avatar, name, description and a green running dot; a click selects it", async () => {
    const { user, onSelect } = renderCard("open");
    expect(screen.getByTestId("agent-avatar")).toHaveTextContent("AS");
    expect(screen.getByText("The assistant agent")).toBeInTheDocument();
    const dot = screen.getByRole("img", { name: "Status: Running" });
    expect(dot).toHaveClass("bg-emerald-500");
    const button = cardButton("Assistant");
    expect(button).not.toHaveAttribute("aria-disabled");
    await user.click(button);
    expect(onSelect).toHaveBeenCalledWith(assistant);
  });

  it("opens the details from 'View details' without selecting", async () => {
    const { user, onShowDetails, onSelect } = renderCard("open");
    await user.click(screen.getByRole("button", { name: "View details" }));
    expect(onShowDetails).toHaveBeenCalledWith(assistant);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("greys an agent that needs sign-in and opens the sign-in prompt on click", async () => {
    const { user, onRequireLogin, onSelect } = renderCard("login");
    const item = screen.getByRole("listitem");
    expect(item).toHaveClass("opacity-50");
    expect(within(item).getByText("Sign in required")).toBeInTheDocument();
    await user.click(cardButton("Assistant"));
    expect(onRequireLogin).toHaveBeenCalledWith(assistant);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("greys an agent the scopes do not reach, with the badge and the exact alert", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const { user, onSelect } = renderCard("insufficient", opsBot);
    expect(screen.getByRole("listitem")).toHaveClass("opacity-50");
    expect(screen.getByText("Insufficient Permissions")).toBeInTheDocument();
    expect(cardButton("Ops Bot")).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("img", { name: "Status: Stopped" })).not.toHaveClass("bg-emerald-500");
    await user.click(cardButton("Ops Bot"));
    expect(alert).toHaveBeenCalledWith(
      "Insufficient permissions. This agent accepts: admin OR ops. You have: user, mcp",
    );
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("offers Remove only for agents the user added", async () => {
    const { user, onRemove } = renderCard("insufficient", opsBot);
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(onRemove).toHaveBeenCalledWith(opsBot);
  });

  it("has no Remove for registry agents and no description when compact", () => {
    renderCard("open", assistant, true);
    expect(screen.queryByRole("button", { name: "Remove" })).not.toBeInTheDocument();
    expect(screen.queryByText("The assistant agent")).not.toBeInTheDocument();
    expect(screen.getByTestId("agent-avatar")).toHaveClass("h-8");
  });
});
