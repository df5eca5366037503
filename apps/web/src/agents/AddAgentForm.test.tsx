import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { AddAgentForm } from "./AddAgentForm.js";
import { fixtureAgent, fixtureAgentUrl, v03Card } from "./agent-card-fixtures.js";

const remoteCard = { ...v03Card({ name: "remote" }), url: "https://r.example.com/a2a" };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function serve(routes: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn<FetchLike>(async (input) => {
    const reply = routes[input];
    return reply ? reply() : new Response("", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const field = () => screen.getByLabelText("Agent URL");

describe("AddAgentForm", () => {
  beforeEach(() => {
    localStorage.clear();
    useAgentsStore.setState({ agents: [], selectedAgentUrl: null, loading: false, error: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("disables Add until a URL is typed", async () => {
    const user = userEvent.setup();
    render(<AddAgentForm />);
    expect(screen.getByRole("button", { name: "Add" })).toBeDisabled();
    await user.type(field(), "https://r.example.com");
    expect(screen.getByRole("button", { name: "Add" })).toBeEnabled();
  });

  it("shows Connecting... while adding, then adds and selects the agent", async () => {
    let release: () => void = () => undefined;
    serve({
      "https://r.example.com/.well-known/agent-card.json": () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(remoteCard));
        }),
    });
    const onAdded = vi.fn();
    const user = userEvent.setup();
    render(<AddAgentForm onAdded={onAdded} />);
    await user.type(field(), "https://r.example.com{Enter}");
    expect(await screen.findByRole("button", { name: "Connecting..." })).toBeDisabled();
    expect(field()).toBeDisabled();
    release();
    expect(await screen.findByRole("button", { name: "Add" })).toBeInTheDocument();
    expect(field()).toHaveValue("");
    expect(useAgentsStore.getState().agents.map((a) => a.name)).toEqual(["remote"]);
    expect(useAgentsStore.getState().selectedAgentUrl).toBe("https://r.example.com/a2a");
    expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ name: "remote" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows a discovery failure inline and keeps the URL", async () => {
    serve({});
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), "https://down.example.com");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error connecting to agent: Failed to fetch agent card from https://down.example.com",
    );
    expect(field()).toHaveValue("https://down.example.com");
    expect(field()).toHaveAttribute("aria-invalid", "true");
  });

  it("says it failed to connect when the answer is not an agent card", async () => {
    serve({ "https://odd.example.com/.well-known/agent-card.json": () => json({ hi: 1 }) });
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), "https://odd.example.com{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to connect to agent at https://odd.example.com",
    );
  });

  it("asks for a refresh when a proxy URL's card is unknown", async () => {
    serve({});
    useAgentsStore.setState({ agents: [fixtureAgent({ name: "assistant" })] });
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), `${fixtureAgentUrl("missing")}{Enter}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error connecting to agent: Agent card not found for proxy URL. Please refresh agent discovery.",
    );
  });
});
