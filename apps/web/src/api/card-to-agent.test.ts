import { describe, expect, it } from "vitest";
import { fixtureAgentUrl, v1Card, v03Card } from "../agents/agent-card-fixtures.js";
import { agentExtensionUris } from "./agent-extensions.js";
import { cardToAgent } from "./card-to-agent.js";

const registry = { external: false };

describe("cardToAgent", () => {
  it("reads a v1.0 card with our extensions", () => {
    const card = v1Card({ name: "assistant", displayName: "Assistant", isDefault: true });
    const agent = cardToAgent(card, { ...registry, readAt: 1_000 });
    expect(agent).toEqual({
      url: fixtureAgentUrl("assistant"),
      protocol: "1.0",
      name: "assistant",
      displayName: "Assistant",
      description: "The assistant agent",
      version: "1.0.0",
      provider: { organization: "A2A Chat", url: "https://github.com/a2a-chat" },
      documentationUrl: "https://docs.example.com/agents",
      capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: true },
      skills: [{ id: "chat", name: "Chat", description: "Talks", tags: ["general"] }],
      securitySchemes: {},
      security: [],
      systemInstructions: "You are assistant.",
      status: "Running",
      port: 8080,
      pid: 42,
      uptimeSeconds: 7500,
      uptimeReadAt: 1_000,
      isDefault: true,
      model: "auto",
      mcpServers: [
        {
          name: "analytics",
          version: "1.0.0",
          endpoint: "https://chat.example.com/api/v1/mcp/analytics",
          status: "configured",
        },
      ],
      extensions: [
        {
          uri: "urn:a2a-chat:extension:system-instructions:v1",
          required: false,
          description: "The agent's system instructions",
        },
        {
          uri: "urn:a2a-chat:extension:service-status:v1",
          required: false,
          description: "Whether the agent is running, and where",
        },
        {
          uri: "urn:a2a-chat:extension:mcp-servers:v1",
          required: false,
          description: "MCP servers the agent may use",
        },
        {
          uri: "urn:a2a-chat:extension:tools:v1",
          required: false,
          description: "The agent calls MCP tools and returns their results as artifacts",
        },
      ],
      extendedCard: false,
      card,
      external: false,
    });
  });

  it("reads whether the card offers an extended card, in either protocol's spelling", () => {
    const v1 = v1Card({ name: "coder" });
    const offered = {
      ...v1,
      capabilities: { ...(v1.capabilities as object), extendedAgentCard: true },
    };
    expect(cardToAgent(offered, { external: false }).extendedCard).toBe(true);
    const legacy = { ...v03Card({ name: "old" }), supportsAuthenticatedExtendedCard: true };
    expect(
      cardToAgent(legacy, { url: "https://chat.example.com", external: true }).extendedCard,
    ).toBe(true);
  });

  it("reads the security requirements and schemes of a v1.0 card", () => {
    const agent = cardToAgent(v1Card({ name: "admin-bot", requiredScopes: ["admin", "ops"] }), {
      external: false,
    });
    expect(agent.security).toEqual([{ bearer: ["admin", "ops"] }]);
    expect(agent.securitySchemes).toEqual({
      bearer: "Bearer token from /api/v1/core/oauth; needs one of the scopes: admin, ops",
    });
  });

  it("reads a v0.3 card as a 0.3 agent at its url", () => {
    const card = v03Card({ name: "legacy", requiredScopes: ["user"], status: "Stopped" });
    const agent = cardToAgent(card, { url: "https://chat.example.com", external: true });
    expect(agent).toMatchObject({
      url: fixtureAgentUrl("legacy"),
      protocol: "0.3",
      name: "legacy",
      status: "Stopped",
      capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: true },
      security: [{ bearer: ["user"] }],
      securitySchemes: { bearer: "HTTP bearer (JWT)" },
      systemInstructions: "You are legacy.",
      external: true,
    });
  });

  it("speaks 1.0 when the card offers a 1.0 interface, 0.3 when it offers only 0.3", () => {
    const both = v1Card({ name: "both" });
    expect(cardToAgent(both, registry).protocol).toBe("1.0");
    const only03 = {
      ...both,
      supportedInterfaces: [
        { url: "https://old.example.com/grpc", protocolBinding: "GRPC", protocolVersion: "0.3" },
        { url: "https://old.example.com/rpc", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
      ],
    };
    expect(cardToAgent(only03, registry)).toMatchObject({
      protocol: "0.3",
      url: "https://old.example.com/rpc",
    });
  });

  it("takes the JSON-RPC interface of the chosen protocol", () => {
    const card = {
      ...v1Card({ name: "multi" }),
      supportedInterfaces: [
        { url: "https://a.example.com/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
        { url: "https://a.example.com/legacy", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
        { url: "https://a.example.com/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      ],
    };
    expect(cardToAgent(card, registry).url).toBe("https://a.example.com/rpc");
  });

  it("takes a v0.3 card's JSON-RPC additional interface when its preferred one is another", () => {
    const card = {
      ...v03Card({ name: "grpc-first" }),
      url: "https://g.example.com/grpc",
      preferredTransport: "GRPC",
      additionalInterfaces: [{ url: "https://g.example.com/rpc", transport: "JSONRPC" }],
    };
    expect(cardToAgent(card, registry).url).toBe("https://g.example.com/rpc");
  });

  it("resolves a relative endpoint against the URL the card was fetched for", () => {
    const card = { ...v03Card({ name: "rel" }), url: "/a2a", additionalInterfaces: [] };
    expect(cardToAgent(card, { url: "https://agent.example.com/base", external: true }).url).toBe(
      "https://agent.example.com/a2a",
    );
  });

  it("defaults the status to Unknown when the extension is absent or says something else", () => {
    const bare = { name: "bare", url: "https://bare.example.com/", protocolVersion: "0.3.0" };
    const agent = cardToAgent(bare, registry);
    expect(agent).toMatchObject({
      status: "Unknown",
      displayName: "bare",
      description: "",
      isDefault: false,
      skills: [],
      mcpServers: [],
      security: [],
      capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    });
    expect(agent).not.toHaveProperty("port");
    expect(agent).not.toHaveProperty("systemInstructions");

    const odd = v1Card({ name: "odd", status: "Sleeping" });
    expect(cardToAgent(odd, registry).status).toBe("Unknown");
  });

  it("ignores malformed extension params and skills", () => {
    const card = v1Card({ name: "messy" });
    const capabilities = card.capabilities as { extensions: unknown[] };
    capabilities.extensions = [
      { uri: agentExtensionUris.serviceStatus, params: { port: "80", uptimeSeconds: -1 } },
      { uri: agentExtensionUris.mcpServers, params: { servers: [{ version: "1" }, "x"] } },
    ];
    card.skills = [{ id: "only-id", tags: ["a", 3] }, null, { description: "nameless" }];
    const agent = cardToAgent(card, registry);
    expect(agent.port).toBeUndefined();
    expect(agent.uptimeSeconds).toBeUndefined();
    expect(agent.mcpServers).toEqual([]);
    expect(agent.skills).toEqual([
      { id: "only-id", name: "only-id", description: "", tags: ["a"] },
    ]);
  });

  it("describes other kinds of security scheme", () => {
    const card = {
      ...v03Card({ name: "schemes" }),
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        oauth: {
          type: "oauth2",
          flows: { clientCredentials: { tokenUrl: "https://t", scopes: {} } },
        },
        oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: "https://o" } },
      },
    };
    expect(cardToAgent(card, registry).securitySchemes).toEqual({
      key: "API key in header",
      oauth: "OAuth 2.0",
      oidc: "OpenID Connect",
    });
  });

  it("throws a clear error for values that are not agent cards", () => {
    expect(() => cardToAgent(null, registry)).toThrow("Invalid agent card: expected a JSON object");
    expect(() => cardToAgent([], registry)).toThrow("Invalid agent card: expected a JSON object");
    expect(() => cardToAgent({ url: "https://x" }, registry)).toThrow(
      "Invalid agent card: it has no name",
    );
    expect(() => cardToAgent({ name: "x" }, registry)).toThrow(
      "Invalid agent card: it has neither supportedInterfaces nor url",
    );
    expect(() => cardToAgent({ name: "x", supportedInterfaces: [] }, registry)).toThrow(
      "Invalid agent card: it names no endpoint URL",
    );
  });

  it("falls back to the fetched URL when a v1.0 card lists no usable interface", () => {
    const card = { name: "x", supportedInterfaces: [] };
    expect(cardToAgent(card, { url: "https://x.example.com/rpc", external: true }).url).toBe(
      "https://x.example.com/rpc",
    );
  });
});
