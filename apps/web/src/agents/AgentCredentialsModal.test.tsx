import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { agentAccess, needsCredentials } from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import { cardToAgent } from "../api/card-to-agent.js";
import { sendMessage } from "../chat/engine/send-actions.js";
import { credentialsDialogTexts } from "../credentials/CredentialsDialog.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { signInRequiredBadge } from "./AgentCard.js";
import { AgentCredentialsModal, credentialsNeededText } from "./AgentCredentialsModal.js";
import { AgentDetailsDialog, ownSignInTexts } from "./AgentDetailsDialog.js";
import { AgentList } from "./AgentList.js";
import { fixtureAgent } from "./agent-card-fixtures.js";
import { useCredentialsDialog } from "./credentials-dialog-store.js";

const proxyUrl = "http://localhost:3000/api/v1/agents/external/a1";

/** The proxy card of an added agent whose own card declared the 0.3 security. */
const securedCard = {
  name: "Secured agent",
  description: "Needs its own token",
  version: "1.0.0",
  supportedInterfaces: [{ url: proxyUrl, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } },
  securityRequirements: [{ schemes: { bearer: { list: ["admin"] } } }],
  skills: [],
};

const added = (credentialsKind: Agent["credentialsKind"], card: object = securedCard): Agent => ({
  ...cardToAgent(card, { url: proxyUrl, external: true }),
  credentialsKind,
});
const assistant = fixtureAgent({ name: "assistant", displayName: "Assistant", isDefault: true });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

describe("an added agent that signs its callers in itself", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    useCredentialsDialog.getState().close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAccountModal.getState().close();
  });

  it("needs credentials while none are stored, whatever this site's sign-in or scopes", () => {
    const signedInAdmin = { isAuthenticated: true, scopes: ["admin"] };
    const visitor = { isAuthenticated: false, scopes: ["anonymous"] };
    expect(agentAccess(added("none"), visitor)).toBe("credentials");
    expect(agentAccess(added("none"), signedInAdmin)).toBe("credentials");
    expect(agentAccess(added("bearer"), visitor)).toBe("open");
    expect(agentAccess(added("headers"), visitor)).toBe("open");
    // No security, or an empty requirement (callers may come without credentials): open.
    const open = { ...securedCard, securitySchemes: {}, securityRequirements: [] };
    expect(agentAccess(added("none", open), visitor)).toBe("open");
    const optional = {
      ...securedCard,
      securityRequirements: [...securedCard.securityRequirements, { schemes: {} }],
    };
    expect(needsCredentials(added("none", optional))).toBe(false);
    // One of this site's agents added by its proxy URL keeps the §6 scope rules.
    const ours = { ...fixtureAgent({ name: "ops", requiredScopes: ["admin"] }), external: true };
    expect(agentAccess(ours, visitor)).toBe("login");
    expect(agentAccess(ours, { isAuthenticated: true, scopes: ["user"] })).toBe("insufficient");
  });

  it("is greyed 'Sign in required'; a click opens its credentials dialog, and a save makes it usable", async () => {
    useAgentsStore.setState({
      agents: [assistant, added("none")],
      selectedAgentUrl: assistant.url,
      loading: false,
      error: null,
    });
    const sent: { url: string; method: string; body: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method ?? "GET", body: String(init?.body ?? "") });
        return json({ credentials_kind: "bearer" });
      }),
    );
    const user = userEvent.setup();
    render(
      <>
        <AgentList />
        <AgentCredentialsModal />
      </>,
    );
    const item = screen.getByRole("button", { name: "Secured agent" }).closest("li");
    expect(item?.dataset.access).toBe("credentials");
    expect(item?.className).toContain("opacity-50");
    expect(within(item as HTMLElement).getByText(signInRequiredBadge)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Secured agent" }));
    const dialog = await screen.findByRole("dialog", {
      name: credentialsDialogTexts.title("Secured agent"),
    });
    expect(useAccountModal.getState().mode).toBeNull();
    expect(useAgentsStore.getState().selectedAgentUrl).toBe(proxyUrl);
    expect(
      within(dialog).getByText(credentialsNeededText("Secured agent", ["bearer"])),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText("Authentication"), "bearer");
    await user.type(within(dialog).getByLabelText("Token"), "agent-token");
    await user.click(within(dialog).getByRole("button", { name: credentialsDialogTexts.save }));
    await within(dialog).findByText(credentialsDialogTexts.saved);
    expect(sent).toEqual([
      {
        url: "/api/v1/agents/external/a1/credentials",
        method: "PUT",
        body: JSON.stringify({ credentials: { kind: "bearer", token: "agent-token" } }),
      },
    ]);
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Secured agent" }).closest("li")?.dataset.access,
      ).toBe("open"),
    );
  });

  it("opens its credentials dialog instead of sending, and never this site's sign-in", async () => {
    const agent = added("none");
    useAgentsStore.setState({ agents: [agent], selectedAgentUrl: agent.url });
    useContextsStore.setState({
      conversations: [
        {
          id: "c1",
          name: "Default Conversation",
          createdAt: "2025-01-01T00:00:00.000Z",
          updatedAt: "2025-01-01T00:00:00.000Z",
          messageCount: 0,
        },
      ],
      currentContextId: "c1",
      isLoading: false,
      hasReceivedSnapshot: true,
    });
    await act(async () => {
      expect(await sendMessage(agent, { text: "hello" })).toBe(false);
    });
    expect(useCredentialsDialog.getState().agentUrl).toBe(proxyUrl);
    expect(useAccountModal.getState().mode).toBeNull();
  });

  it("shows its schemes and the scopes it asks for in the details dialog", () => {
    const { rerender } = render(<AgentDetailsDialog agent={added("none")} onClose={() => {}} />);
    const access = screen.getByRole("region", { name: "Access" });
    expect(within(access).getByText(signInRequiredBadge)).toBeInTheDocument();
    expect(within(access).getByText(ownSignInTexts.scopes)).toBeInTheDocument();
    expect(within(access).getByText("admin")).toBeInTheDocument();
    expect(within(access).getByText(ownSignInTexts.hint)).toBeInTheDocument();
    expect(within(access).queryByText("Public")).not.toBeInTheDocument();
    const schemes = screen.getByRole("region", { name: "Security schemes" });
    expect(within(schemes).getByText("bearer")).toBeInTheDocument();
    expect(within(schemes).getByText("HTTP bearer")).toBeInTheDocument();
    rerender(<AgentDetailsDialog agent={added("bearer")} onClose={() => {}} />);
    expect(
      within(screen.getByRole("region", { name: "Access" })).getByText(ownSignInTexts.saved),
    ).toBeInTheDocument();
  });
});
