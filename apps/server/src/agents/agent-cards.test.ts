import { AgentCard } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import type { AgentConfig } from "../config/schema.js";
import { testConfig } from "../test/config.js";
import { version as serverVersion } from "../version.js";
import {
  agentCardJson,
  agentsInRegistryOrder,
  agentUrl,
  bearerSchemeName,
  buildAgentCard,
  type CardHost,
  defaultAgentName,
  extensionUris,
} from "./agent-cards.js";

const host: CardHost = {
  origin: "https://chat.example.com/",
  port: 8080,
  pid: 42,
  uptimeSeconds: 7,
};

const config = testConfig({
  agents: [
    {
      name: "assistant",
      description: "General help",
      systemPrompt: "Be helpful.",
      mcpServers: ["files", "charts"],
      skills: [
        { id: "chat", name: "Chat", description: "Talks", tags: ["general"], examples: ["hi"] },
      ],
    },
    {
      name: "admin-bot",
      description: "Admin only",
      systemPrompt: "Administer.",
      requiredScopes: ["admin", "ops"],
      default: true,
      displayName: "Admin Bot",
    },
  ],
});

function agent(name: string): AgentConfig {
  const found = config.agents.find((a) => a.name === name);
  if (!found) throw new Error(`no agent ${name}`);
  return found;
}

function extensionParams(card: AgentCard, uri: string): Record<string, unknown> | undefined {
  return card.capabilities?.extensions.find((e) => e.uri === uri)?.params;
}

describe("agent cards", () => {
  it("picks the default agent and puts it first in the registry", () => {
    expect(defaultAgentName(config)).toBe("admin-bot");
    expect(agentsInRegistryOrder(config).map((a) => a.name)).toEqual(["admin-bot", "assistant"]);
    const noDefault = testConfig({
      agents: [
        { name: "b", description: "B", systemPrompt: "B" },
        { name: "a", description: "A", systemPrompt: "A" },
      ],
    });
    expect(defaultAgentName(noDefault)).toBe("b");
  });

  it("serves the agent over JSON-RPC 1.0 and 0.3 at one url", () => {
    const card = buildAgentCard(agent("assistant"), config, host);
    const url = "https://chat.example.com/api/v1/agents/assistant";
    expect(agentUrl(host.origin, "assistant")).toBe(url);
    expect(card.supportedInterfaces).toEqual([
      { url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" },
      { url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "0.3" },
    ]);
    expect(card.capabilities).toMatchObject({ streaming: true, extendedAgentCard: true });
    expect(card.skills).toEqual([
      {
        id: "chat",
        name: "Chat",
        description: "Talks",
        tags: ["general"],
        examples: ["hi"],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ]);
  });

  it("carries our extensions with their params", () => {
    const card = buildAgentCard(agent("assistant"), config, host);
    expect(card.capabilities?.extensions.map((e) => e.uri)).toEqual([
      extensionUris.systemInstructions,
      extensionUris.serviceStatus,
      extensionUris.mcpServers,
      extensionUris.tools,
    ]);
    expect(card.capabilities?.extensions.every((e) => e.required === false)).toBe(true);
    expect(extensionParams(card, extensionUris.systemInstructions)).toEqual({
      instructions: "Be helpful.",
    });
    expect(extensionParams(card, extensionUris.serviceStatus)).toEqual({
      status: "Running",
      port: 8080,
      pid: 42,
      uptimeSeconds: 7,
      default: false,
      displayName: "assistant",
      model: agent("assistant").model,
      serverVersion,
      stateTransitionHistory: true,
    });
    // Without registry entries, no server is known.
    expect(extensionParams(card, extensionUris.mcpServers)).toEqual({
      servers: [
        { name: "files", version: "", endpoint: "", status: "unknown" },
        { name: "charts", version: "", endpoint: "", status: "unknown" },
      ],
    });
    const entry = (name: string, endpoint: string, version: string) => ({
      name,
      version,
      description: "",
      endpoint,
      enabled: true,
      status: "running" as const,
      auth: "none" as const,
      oauth_required: false,
      oauth_scopes: [],
      kind: "external" as const,
    });
    const listed = buildAgentCard(agent("assistant"), config, host, [
      entry("charts", "https://charts.example.net/mcp?key=[redacted]", "2.4.1"),
      entry("other", "https://other.example.net/mcp", "9.9.9"),
    ]);
    expect(extensionParams(listed, extensionUris.mcpServers)).toEqual({
      servers: [
        { name: "files", version: "", endpoint: "", status: "unknown" },
        {
          name: "charts",
          version: "2.4.1",
          endpoint: "https://charts.example.net/mcp?key=[redacted]",
          status: "running",
        },
      ],
    });
    expect(extensionParams(card, extensionUris.tools)).toEqual({
      supported: true,
      servers: ["files", "charts"],
    });

    const admin = buildAgentCard(agent("admin-bot"), config, host);
    expect(extensionParams(admin, extensionUris.serviceStatus)).toMatchObject({
      default: true,
      displayName: "Admin Bot",
    });
  });

  it("declares no security without required scopes, a bearer scheme with them", () => {
    const open = buildAgentCard(agent("assistant"), config, host);
    expect(open.securitySchemes).toEqual({});
    expect(open.securityRequirements).toEqual([]);

    const guarded = buildAgentCard(agent("admin-bot"), config, host);
    expect(guarded.securityRequirements).toEqual([
      { schemes: { [bearerSchemeName]: { list: ["admin", "ops"] } } },
    ]);
    const scheme = guarded.securitySchemes[bearerSchemeName]?.scheme;
    if (scheme?.$case !== "httpAuthSecurityScheme") throw new Error("expected an http scheme");
    expect(scheme.value).toMatchObject({ scheme: "Bearer", bearerFormat: "JWT" });
    expect(scheme.value.description).toContain("admin, ops");
  });

  it("renders as v1.0 JSON the SDK reads back to the same card", () => {
    const card = buildAgentCard(agent("admin-bot"), config, host);
    const json = agentCardJson(card) as Record<string, unknown>;
    expect(json).toMatchObject({ name: "admin-bot", version: agent("admin-bot").version });
    expect(AgentCard.fromJSON(json as Parameters<typeof AgentCard.fromJSON>[0])).toEqual(card);
  });
});
