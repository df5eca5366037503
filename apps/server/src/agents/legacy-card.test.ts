import { AgentCard } from "@a2a-js/sdk";
import { isLegacyAgentCard, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";
import { describe, expect, it } from "vitest";
import { testConfig } from "../test/config.js";
import { agentUrl, bearerSchemeName, buildAgentCard, type CardHost } from "./agent-cards.js";
import { requestedCard, toLegacyAgentCard } from "./legacy-card.js";

const host: CardHost = {
  origin: "https://chat.example.com",
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
      mcpServers: ["analytics"],
      iconUrl: "https://chat.example.com/icon.png",
      documentationUrl: "https://chat.example.com/docs/agents",
      skills: [
        { id: "chat", name: "Chat", description: "Talks", tags: ["general"], examples: ["hi"] },
      ],
    },
    {
      name: "admin-bot",
      description: "Admin only",
      systemPrompt: "Administer.",
      requiredScopes: ["admin", "ops"],
    },
  ],
});

function card(name: string): AgentCard {
  const agent = config.agents.find((a) => a.name === name);
  if (!agent) throw new Error(`no agent ${name}`);
  return buildAgentCard(agent, config, host);
}

/** What the legacy card looks like after a JSON round trip, as a client receives it. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("v0.3 agent card", () => {
  it("carries the card's fields in the v0.3 shape", () => {
    const v1 = card("assistant");
    const legacy = toLegacyAgentCard(v1);
    const url = agentUrl(host.origin, "assistant");
    expect(legacy).toMatchObject({
      name: "assistant",
      description: "General help",
      url,
      version: v1.version,
      protocolVersion: "0.3.0",
      preferredTransport: "JSONRPC",
      additionalInterfaces: [{ url, transport: "JSONRPC" }],
      defaultInputModes: ["text/plain", "application/json"],
      defaultOutputModes: ["text/plain", "application/json"],
      skills: [
        { id: "chat", name: "Chat", description: "Talks", tags: ["general"], examples: ["hi"] },
      ],
      iconUrl: "https://chat.example.com/icon.png",
      documentationUrl: "https://chat.example.com/docs/agents",
    });
    expect(legacy.provider).toEqual(v1.provider);
    expect(legacy.capabilities).toMatchObject({
      streaming: true,
      pushNotifications: true,
      stateTransitionHistory: true,
    });
    expect(legacy.capabilities.extensions).toEqual(
      v1.capabilities?.extensions.map((e) => ({
        uri: e.uri,
        description: e.description,
        required: e.required,
        params: e.params,
      })),
    );
    expect(legacy).not.toHaveProperty("supportedInterfaces");
    expect(legacy).not.toHaveProperty("securitySchemes");
    expect(legacy).not.toHaveProperty("security");
  });

  it("declares bearer auth and scopes in the v0.3 form", () => {
    const legacy = toLegacyAgentCard(card("admin-bot"));
    expect(legacy.securitySchemes?.[bearerSchemeName]).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    expect(legacy.security).toEqual([{ [bearerSchemeName]: ["admin", "ops"] }]);
  });

  it("is read back by the SDK's own v0.3 parser into the original card", () => {
    for (const name of ["assistant", "admin-bot"]) {
      const v1 = card(name);
      const raw = wire(toLegacyAgentCard(v1));
      expect(isLegacyAgentCard(raw)).toBe(true);
      const back = parseLegacyAgentCard(raw);
      expect(back.name).toBe(v1.name);
      expect(back.description).toBe(v1.description);
      expect(back.version).toBe(v1.version);
      expect(back.provider).toEqual(v1.provider);
      expect(back.iconUrl).toBe(v1.iconUrl);
      expect(back.documentationUrl).toBe(v1.documentationUrl);
      expect(back.supportedInterfaces.map((i) => [i.url, i.protocolBinding])).toContainEqual([
        agentUrl(host.origin, name),
        "JSONRPC",
      ]);
      for (const i of back.supportedInterfaces) expect(i.protocolVersion).toMatch(/^0\.3/);
      expect(back.capabilities?.streaming).toBe(true);
      expect(back.capabilities?.pushNotifications).toBe(true);
      expect(back.capabilities?.extensions).toEqual(v1.capabilities?.extensions);
      expect(back.securityRequirements).toEqual(v1.securityRequirements);
      expect(Object.keys(back.securitySchemes)).toEqual(Object.keys(v1.securitySchemes));
      const scheme = back.securitySchemes[bearerSchemeName]?.scheme;
      if (scheme) {
        expect(scheme.$case).toBe("httpAuthSecurityScheme");
        expect(scheme.$case === "httpAuthSecurityScheme" && scheme.value.bearerFormat).toBe("JWT");
      }
      expect(back.defaultInputModes).toEqual(v1.defaultInputModes);
      expect(back.skills.map((s) => [s.id, s.name, s.tags, s.examples])).toEqual(
        v1.skills.map((s) => [s.id, s.name, s.tags, s.examples]),
      );
    }
  });

  it("the v1 card JSON is not taken for a v0.3 one", () => {
    expect(isLegacyAgentCard(wire(AgentCard.toJSON(card("assistant"))))).toBe(false);
  });

  it("recognises the version header", () => {
    expect(requestedCard("0.3")).toBe("legacy");
    expect(requestedCard(" 0.3.0 ")).toBe("legacy");
    expect(requestedCard("1.0")).toBe("v1");
    expect(requestedCard("0.30")).toBe("v1");
    expect(requestedCard(undefined)).toBe("unversioned");
    expect(requestedCard(" ")).toBe("unversioned");
  });
});
