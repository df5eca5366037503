import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { AgentList } from "./AgentList.js";
import { fixtureAgent, fixtureAgentUrl } from "./agent-card-fixtures.js";

const assistant = fixtureAgent({ name: "assistant", displayName: "Assistant", isDefault: true });
const coder = fixtureAgent({ name: "coder", displayName: "Coder" });
const adminBot = fixtureAgent({
  name: "admin-bot",
  displayName: "Admin Bot",
  requiredScopes: ["admin"],
});
const anonBot = fixtureAgent({
  name: "anon-bot",
  displayName: "Anon Bot",
  requiredScopes: ["anonymous"],
});
const addedAdmin = { ...adminBot, external: true };

function signIn(scope: string) {
  useAuthStore.getState().setAuth({
    access_token: makeJwt({ sub: "u1", scope, user_type: "authenticated", exp: 4_000_000_000 }),
    token_type: "Bearer",
    user_id: "u1",
    session_id: "s1",
    expires_in: 3600,
  });
}

const setAgents = (agents = [assistant, coder], extra: object = {}) =>
  useAgentsStore.setState({
    agents,
    loading: false,
    selectedAgentUrl: null,
    error: null,
    ...extra,
  });
const items = () => within(screen.getByRole("list", { name: "Agents" })).getAllByRole("listitem");

describe("AgentList", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    setAgents([]);
  });
  afterEach(() => vi.restoreAllMocks());

  it("says it is discovering while loading with nothing to show", () => {
    setAgents([], { loading: true });
    render(<AgentList />);
    expect(screen.getByText("Discovering agents...")).toBeInTheDocument();
  });

  it("says no agents are available when the list is empty", () => {
    render(<AgentList />);
    expect(screen.getByText("No agents available")).toBeInTheDocument();
  });

  it("says no agents are accessible when every agent is hidden", () => {
    signIn("user");
    setAgents([adminBot]);
    render(<AgentList />);
    expect(screen.getByText("No accessible agents")).toBeInTheDocument();
  });

  it("shows a visitor every secured agent greyed, whatever scopes it needs", () => {
    setAgents([assistant, adminBot]);
    render(<AgentList />);
    expect(items().map((i) => i.dataset.access)).toEqual(["open", "login"]);
  });

  it("lists open agents, hides those the scopes do not reach and marks the selected one", () => {
    signIn("user");
    setAgents([assistant, adminBot, coder], { selectedAgentUrl: coder.url });
    render(<AgentList />);
    expect(items().map((i) => i.dataset.access)).toEqual(["open", "open"]);
    expect(screen.getByRole("button", { name: "Coder" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByText("Admin Bot")).not.toBeInTheDocument();
  });

  it("selects an agent on click and reports it", async () => {
    setAgents();
    const onSelected = vi.fn();
    const user = userEvent.setup();
    render(<AgentList onSelected={onSelected} />);
    await user.click(screen.getByRole("button", { name: "Coder" }));
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(fixtureAgentUrl("coder"));
    expect(onSelected).toHaveBeenCalledWith(coder);
  });

  it("opens the details dialog from 'View details'", async () => {
    setAgents();
    const user = userEvent.setup();
    render(<AgentList />);
    await user.click(
      within(items()[1] as HTMLElement).getByRole("button", { name: "View details" }),
    );
    // The dialog's code loads on first use.
    expect(await screen.findByRole("dialog", { name: "Coder" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("picks a greyed agent and opens the sign-in modal naming it; it stays picked after sign-in", async () => {
    setAgents([assistant, anonBot], { selectedAgentUrl: assistant.url });
    const user = userEvent.setup();
    render(<AgentList />);
    await user.click(screen.getByRole("button", { name: "Anon Bot" }));
    const modal = useAccountModal.getState();
    expect(modal).toMatchObject({ mode: "signin", agentName: "Anon Bot" });
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(anonBot.url);
    act(() => signIn("user"));
    act(() => modal.onSignedIn?.());
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(anonBot.url);
    act(() => useAccountModal.getState().close());
  });

  it("goes back to the default agent when the sign-in did not bring the scopes a greyed one needs", async () => {
    setAgents([assistant, adminBot], { selectedAgentUrl: assistant.url });
    const user = userEvent.setup();
    render(<AgentList />);
    await user.click(screen.getByRole("button", { name: "Admin Bot" }));
    const modal = useAccountModal.getState();
    expect(modal).toMatchObject({ mode: "signin", agentName: "Admin Bot" });
    act(() => signIn("user"));
    act(() => modal.onSignedIn?.());
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(assistant.url);
    act(() => useAccountModal.getState().close());
  });

  it("alerts the exact text for an added agent the user's scopes do not reach", async () => {
    signIn("user mcp");
    setAgents([assistant, addedAdmin]);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<AgentList />);
    expect(screen.getByText("Insufficient Permissions")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Admin Bot" }));
    expect(alert).toHaveBeenCalledWith(
      "Insufficient permissions. This agent accepts: admin. You have: user, mcp",
    );
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(useAgentsStore.getState().agents).toEqual([assistant]);
  });

  it("renders the compact variant without descriptions", () => {
    setAgents();
    render(<AgentList compact />);
    expect(items()).toHaveLength(2);
    expect(screen.queryByText("The coder agent")).not.toBeInTheDocument();
  });
});
