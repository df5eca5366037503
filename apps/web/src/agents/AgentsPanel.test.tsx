import { render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { AgentsPanel } from "./AgentsPanel.js";
import { v1Card } from "./agent-card-fixtures.js";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function serveRegistry(reply: () => Response) {
  const fetchMock = vi.fn<FetchLike>(async (input) =>
    input === "/api/v1/agents/registry" ? reply() : new Response("", { status: 404 }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("AgentsPanel", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    useAgentsStore.setState({ agents: [], selectedAgentUrl: null, loading: false, error: null });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("discovers once on mount and lists the agents under an 'Agents' heading", async () => {
    const fetchMock = serveRegistry(() =>
      json({ data: [v1Card({ name: "assistant", displayName: "Assistant", isDefault: true })] }),
    );
    render(
      <StrictMode>
        <AgentsPanel />
      </StrictMode>,
    );
    const panel = screen.getByRole("region", { name: "Agents" });
    expect(within(panel).getByRole("heading", { name: "Agents" })).toBeInTheDocument();
    expect(within(panel).getByText("Discovering agents...")).toBeInTheDocument();
    expect(await within(panel).findByRole("button", { name: "Assistant" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(
      fetchMock.mock.calls.filter(([input]) => input === "/api/v1/agents/registry"),
    ).toHaveLength(1);
    expect(within(panel).getByRole("form", { name: "Add agent" })).toBeInTheDocument();
  });

  it("shows the discovery error", async () => {
    serveRegistry(() => new Response("", { status: 502, statusText: "Bad Gateway" }));
    render(<AgentsPanel />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Registry API failed: Bad Gateway");
    expect(screen.getByText("No agents available")).toBeInTheDocument();
  });
});
