import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import { AddAgentForm, alreadyListedText } from "./AddAgentForm.js";
import { fixtureAgent, v1Card } from "./agent-card-fixtures.js";

const proxyUrl = `${window.location.origin}/api/v1/agents/external/a1`;
const remoteCard = {
  ...v1Card({ name: "remote" }),
  supportedInterfaces: [{ url: proxyUrl, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
};
const record = (card: unknown) => ({
  id: "a1",
  url: "https://r.example.com",
  proxy_url: proxyUrl,
  protocol: "1.0",
  card,
  credentials_kind: "none",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});
const failed = (message: string) =>
  new Response(JSON.stringify({ error: "bad_request", message }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });
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
    useAuthStore.getState().setAuth({
      access_token: makeJwt({
        sub: "u1",
        scope: "anonymous",
        user_type: "anon",
        exp: 4_000_000_000,
      }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
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
      "/api/v1/agents/external": () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(record(remoteCard)));
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
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(proxyUrl);
    expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ name: "remote" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says so when the agent is already listed, instead of seeming to do nothing", async () => {
    serve({ "/api/v1/agents/external": () => json(record(remoteCard)) });
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), "https://r.example.com{Enter}");
    await screen.findByRole("button", { name: "Add" });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();

    await user.type(field(), "https://r.example.com{Enter}");
    const agent = useAgentsStore.getState().agents[0];
    expect(await screen.findByRole("status")).toHaveTextContent(
      alreadyListedText(agent?.displayName ?? ""),
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /^.+ is already in the list: its card was refreshed and it is selected\.$/,
    );
    expect(useAgentsStore.getState().agents).toHaveLength(1);
  });

  it("shows the server's discovery failure inline and keeps the URL", async () => {
    serve({
      "/api/v1/agents/external": () =>
        failed(
          "Error connecting to agent: Failed to fetch agent card from https://down.example.com",
        ),
    });
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

  it("says it failed to connect when the server's answer holds no usable card", async () => {
    serve({ "/api/v1/agents/external": () => json(record({ hi: 1 })) });
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), "https://odd.example.com{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to connect to agent at https://odd.example.com",
    );
  });

  it("asks for a refresh when this site's proxy URL has no card it knows", async () => {
    serve({});
    useAgentsStore.setState({ agents: [fixtureAgent({ name: "assistant" })] });
    const user = userEvent.setup();
    render(<AddAgentForm />);
    await user.type(field(), `${window.location.origin}/api/v1/agents/missing{Enter}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error connecting to agent: Agent card not found for proxy URL. Please refresh agent discovery.",
    );
  });
});
