import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { AgentDetailsDialog } from "./AgentDetailsDialog.js";
import { fixtureAgent } from "./agent-card-fixtures.js";

const skill = (n: number, tags: string[] = []) => ({
  id: `skill-${n}`,
  name: `Skill ${n}`,
  description: `Does thing ${n}`,
  tags,
});

const rich = fixtureAgent({
  name: "ops-bot",
  displayName: "Ops Bot",
  requiredScopes: ["admin", "ops"],
  mcpServers: ["analytics", "product"],
  skills: [skill(1, ["a", "b", "c", "d"]), skill(2), skill(3), skill(4), skill(5)],
});

const section = (name: string) => screen.getByRole("region", { name });

describe("AgentDetailsDialog", () => {
  it("is closed without an agent", () => {
    render(<AgentDetailsDialog agent={null} onClose={() => undefined} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows access, status, port, uptime, version, provider and instructions", () => {
    render(<AgentDetailsDialog agent={rich} onClose={() => undefined} />);
    const dialog = screen.getByRole("dialog", { name: "Ops Bot" });
    expect(dialog).toHaveAttribute("data-size", "lg");
    const access = section("Access");
    expect(within(access).getByText("Authentication required")).toBeInTheDocument();
    expect(within(access).getByText("admin")).toBeInTheDocument();
    expect(within(access).getByText("ops")).toBeInTheDocument();
    const overview = within(section("Overview"));
    const value = (term: string) => overview.getByText(term).nextElementSibling;
    expect(value("Status")).toHaveTextContent("Running");
    expect(value("Port")).toHaveTextContent("8080");
    expect(value("Uptime")).toHaveTextContent("2h 5m");
    expect(value("Version")).toHaveTextContent("1.0.0");
    expect(overview.getByRole("link", { name: "A2A Chat" })).toHaveAttribute(
      "href",
      "https://github.com/a2a-chat",
    );
    expect(
      within(section("System instructions")).getByText("You are ops-bot."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Documentation" })).toHaveAttribute(
      "href",
      "https://docs.example.com/agents",
    );
  });

  it("counts the uptime on from when the card was read", () => {
    const readAt = Date.now() - 70_000;
    render(
      <AgentDetailsDialog
        agent={{ ...rich, uptimeSeconds: 30, uptimeReadAt: readAt }}
        onClose={() => undefined}
      />,
    );
    const overview = within(section("Overview"));
    expect(overview.getByText("Uptime").nextElementSibling).toHaveTextContent("1m");
  });

  it("lists capabilities, MCP servers with an Active badge, and security schemes", () => {
    render(<AgentDetailsDialog agent={rich} onClose={() => undefined} />);
    const capabilities = within(section("Capabilities")).getAllByRole("listitem");
    expect(capabilities.map((c) => [c.textContent, c.dataset.supported])).toEqual([
      ["Streaming (supported)", "true"],
      ["Push (supported)", "true"],
      ["History (supported)", "true"],
    ]);
    const servers = within(section("MCP servers")).getAllByRole("listitem");
    expect(servers.map((s) => s.textContent)).toEqual([
      "analyticsv1.0.0Active",
      "productv1.0.0Active",
    ]);
    expect(within(section("Security schemes")).getByText("bearer")).toBeInTheDocument();
    expect(
      within(section("Security schemes")).getByText(
        "Bearer token from /api/v1/core/oauth; needs one of the scopes: admin, ops",
      ),
    ).toBeInTheDocument();
  });

  it("shows the first 3 skills with 3 tags each, then '+N more'", () => {
    render(<AgentDetailsDialog agent={rich} onClose={() => undefined} />);
    const skills = within(section("Skills"));
    expect(skills.getByText("Skill 1")).toBeInTheDocument();
    expect(skills.getByText("Skill 3")).toBeInTheDocument();
    expect(skills.queryByText("Skill 4")).not.toBeInTheDocument();
    expect(skills.getByText("+2 more")).toBeInTheDocument();
    expect(skills.getByText("c")).toBeInTheDocument();
    expect(skills.queryByText("d")).not.toBeInTheDocument();
  });

  it("shows a public agent without scopes, unsupported capabilities and no '+N more'", () => {
    const plain = fixtureAgent(
      { name: "plain", mcpServers: [] },
      {
        capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
      },
    );
    render(<AgentDetailsDialog agent={plain} onClose={() => undefined} />);
    expect(within(section("Access")).getByText("Public")).toBeInTheDocument();
    expect(screen.queryByText(/Required scopes/)).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "MCP servers" })).not.toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
    expect(within(section("Capabilities")).getByText("Push")).toHaveAttribute(
      "data-supported",
      "false",
    );
  });

  it("closes with Escape", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<AgentDetailsDialog agent={rich} onClose={onClose} />);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe("the user's own MCP servers", () => {
    afterEach(() => {
      cleanup();
      useAuthStore.setState(emptyAuthSession);
      vi.unstubAllGlobals();
    });
    const signedIn = () =>
      useAuthStore.setState({
        ...emptyAuthSession,
        accessToken: "t",
        userId: "u1",
        tokenExpiry: Date.now() + 3_600_000,
      });

    it("lists the servers the user lent this agent, asked of the server for this agent", async () => {
      signedIn();
      const fetchMock = vi.fn(
        async (_url: string) =>
          new Response(
            JSON.stringify({
              data: [{ id: "s1", name: "Private tools", endpoint: "/api/v1/mcp/external/s1/mcp" }],
            }),
            { headers: { "content-type": "application/json" } },
          ),
      );
      vi.stubGlobal("fetch", fetchMock);
      render(<AgentDetailsDialog agent={rich} onClose={() => undefined} />);
      const mine = await screen.findByRole("region", { name: "Your MCP servers" });
      expect(within(mine).getByRole("listitem")).toHaveTextContent("Private tools");
      expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/agents/ops-bot/user-mcp-servers");
    });

    it("asks nothing for an agent the user added by URL, and shows no section when none is lent", async () => {
      signedIn();
      const fetchMock = vi.fn(
        async (_url: string) =>
          new Response(JSON.stringify({ data: [] }), {
            headers: { "content-type": "application/json" },
          }),
      );
      vi.stubGlobal("fetch", fetchMock);
      const { unmount } = render(
        <AgentDetailsDialog agent={{ ...rich, external: true }} onClose={() => undefined} />,
      );
      expect(fetchMock).not.toHaveBeenCalled();
      unmount();
      render(<AgentDetailsDialog agent={rich} onClose={() => undefined} />);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole("region", { name: "Your MCP servers" })).not.toBeInTheDocument();
    });
  });
});
