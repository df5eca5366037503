import { cardVerificationTexts } from "@a2a-chat/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { extensionHeaderOf } from "../api/agent-extensions.js";
import { cardToAgent } from "../api/card-to-agent.js";
import { emptyAuthSession, useAuthStore } from "../stores/auth-store.js";
import { AgentDetailsDialog, extendedCardTexts } from "./AgentDetailsDialog.js";
import { extensionTexts } from "./AgentExtensionsList.js";
import { CardTrustBadge, CardTrustMark, cardTrustMarks } from "./CardTrustBadge.js";

const proxyUrl = "http://localhost/api/v1/agents/external/a1";
const tools = "urn:a2a-chat:extension:tools:v1";
const unknown = "urn:example:other:v1";

/** An added agent as the server's proxy card describes it. */
const added = (extra: Record<string, unknown> = {}) =>
  cardToAgent(
    {
      name: "Card agent",
      description: "Has a card",
      supportedInterfaces: [{ url: proxyUrl, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      capabilities: {
        streaming: true,
        extendedAgentCard: true,
        extensions: [
          { uri: tools, required: true, description: "Tools" },
          { uri: unknown, required: false, description: "Something else" },
        ],
      },
      skills: [{ id: "public", name: "Public skill" }],
      ...extra,
    },
    { url: proxyUrl, external: true },
  );

const section = (name: string) => screen.getByRole("region", { name });

afterEach(() => {
  cleanup();
  useAuthStore.setState(emptyAuthSession);
  vi.unstubAllGlobals();
});

describe("CardTrustBadge", () => {
  it("says 'Verified by <host>' for a verified card", () => {
    render(
      <CardTrustBadge verification={{ status: "verified", host: "agent.example", detail: "" }} />,
    );
    expect(screen.getByText("Verified by agent.example")).toBeInTheDocument();
  });

  it("warns with the reason when the signature fails or the key cannot be had", () => {
    render(
      <CardTrustBadge
        verification={{
          status: "invalid",
          host: "agent.example",
          detail: cardVerificationTexts.invalid,
        }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Signature check failed: this card is not what its signer signed (signer: agent.example)",
    );
    cleanup();
    const detail = `${cardVerificationTexts.keyUnavailable}: the key URL http://x/k is not HTTPS`;
    render(<CardTrustBadge verification={{ status: "key_unavailable", detail }} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Signature not checked: the signing key could not be fetched: the key URL http://x/k is not HTTPS",
    );
  });

  it("shows nothing for an unsigned card", () => {
    const { container } = render(
      <CardTrustBadge verification={{ status: "unsigned", detail: "" }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("extensions", () => {
  it("the card's extensions are read, and only supported ones go in A2A-Extensions", () => {
    const agent = added();
    expect(agent.extensions).toEqual([
      { uri: tools, required: true, description: "Tools" },
      { uri: unknown, required: false, description: "Something else" },
    ]);
    expect(extensionHeaderOf(agent)).toEqual(["A2A-Extensions", tools]);
    expect(extensionHeaderOf({ ...agent, protocol: "0.3" })).toEqual(["X-A2A-Extensions", tools]);
    expect(extensionHeaderOf({ ...agent, extensions: [] })).toBeUndefined();
  });

  it("the details dialog lists each extension with URI, required and description", () => {
    render(<AgentDetailsDialog agent={added()} onClose={() => undefined} />);
    const items = within(section("Extensions")).getAllByTestId("agent-extension");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(tools);
    expect(items[0]).toHaveTextContent(extensionTexts.required);
    expect(items[0]).toHaveTextContent(extensionTexts.supported);
    expect(items[0]).toHaveTextContent("Tools");
    expect(items[1]).toHaveTextContent(unknown);
    expect(items[1]).toHaveTextContent(extensionTexts.optional);
    expect(items[1]).not.toHaveTextContent(extensionTexts.supported);
  });
});

describe("the authenticated extended card in the details", () => {
  const signedIn = () =>
    useAuthStore.setState({
      ...emptyAuthSession,
      userType: "authenticated",
      accessToken: "t",
      userId: "u1",
      tokenExpiry: Date.now() + 3_600_000,
    });

  it("shows the verification of the card, then the extended card's skills for an added agent", async () => {
    signedIn();
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            card: {
              name: "Card agent",
              supportedInterfaces: [
                { url: proxyUrl, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
              ],
              skills: [
                { id: "public", name: "Public skill" },
                { id: "secret", name: "Secret skill" },
              ],
            },
            card_verification: { status: "verified", host: "agent.example", detail: "" },
          }),
          { headers: { "content-type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const agent = {
      ...added(),
      cardVerification: { status: "verified" as const, host: "agent.example", detail: "" },
    };
    render(<AgentDetailsDialog agent={agent} onClose={() => undefined} />);
    expect(screen.getAllByText("Verified by agent.example").length).toBeGreaterThan(0);
    await screen.findByText(extendedCardTexts.loaded);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/agents/external/a1/extended-card");
    const skills = within(section("Skills"));
    expect(skills.getByText("Secret skill")).toBeInTheDocument();
    expect(skills.getByText("Public skill")).toBeInTheDocument();
  });

  it("asks nothing of our agents for an anonymous visitor (they get the public card)", async () => {
    useAuthStore.setState({
      ...emptyAuthSession,
      accessToken: "t",
      userId: "u1",
      tokenExpiry: Date.now() + 3_600_000,
    });
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ data: [] }), {
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const ours = {
      ...added(),
      external: false,
      name: "coder",
      url: "http://localhost/api/v1/agents/coder",
    };
    render(<AgentDetailsDialog agent={ours} onClose={() => undefined} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/v1/agents/coder/user-mcp-servers",
    ]);
  });

  it("asks one of our agents over JSON-RPC, and says so when the card cannot be read", async () => {
    signedIn();
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ message: "Service unavailable" }), {
          status: 503,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const ours = {
      ...added(),
      external: false,
      name: "coder",
      url: "http://localhost/api/v1/agents/coder",
    };
    render(<AgentDetailsDialog agent={ours} onClose={() => undefined} />);
    await screen.findByText(new RegExp(extendedCardTexts.failed));
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/v1/agents/coder");
    const [url, init] = call ?? [];
    expect(url).toBe("/api/v1/agents/coder");
    expect(JSON.parse(String(init?.body))).toMatchObject({ method: "GetExtendedAgentCard" });
    // The public skills stay listed.
    expect(within(section("Skills")).getByText("Public skill")).toBeInTheDocument();
  });
});

describe("CardTrustMark on an agent's entry", () => {
  it("says 'Verified by <host>' or warns in short, with the detail as its title", () => {
    render(
      <CardTrustMark verification={{ status: "verified", host: "agent.example", detail: "" }} />,
    );
    expect(screen.getByTestId("card-trust-mark")).toHaveTextContent("Verified by agent.example");
    cleanup();
    render(
      <CardTrustMark
        verification={{
          status: "invalid",
          host: "agent.example",
          detail: cardVerificationTexts.invalid,
        }}
      />,
    );
    const mark = screen.getByTestId("card-trust-mark");
    expect(mark).toHaveTextContent(`⚠ ${cardTrustMarks.invalid}`);
    expect(mark).toHaveAttribute("title", cardVerificationTexts.invalid);
  });
});
