import {
  AgentCard,
  canonicalizeAgentCard,
  type JsonInput,
  verifyAgentCardSignature,
} from "@a2a-js/sdk";
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";
import { describe, expect, it } from "vitest";
import { jwksUrl } from "../../agents/card-signature.js";
import { a2aClient, inProcessFetch } from "../../test/a2a.js";
import { accountClient, passkeyLimitsOff } from "../../test/accounts.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

const agents = [
  {
    name: "coder",
    description: "Writes code",
    systemPrompt: "Code.",
    default: true,
    skills: [
      { id: "code", name: "Code samples" },
      { id: "review", name: "Code review", signedInOnly: true },
    ],
  },
];

type App = ReturnType<typeof createTestApp>;

/**
 * The SDK's own verifier, fetching the key the way any client would: from the JWS header's jku
 * (answered in process: every URL of ours is this app), picking the kid from the JWKS.
 */
function sdkVerifier(app: App, seen: { jku?: string; kid: string }[] = []) {
  return verifyAgentCardSignature(async (kid, jku) => {
    seen.push({ kid, jku });
    if (!jku) throw new Error("no jku");
    const res = await app.request(new URL(jku).pathname);
    const set = (await res.json()) as JSONWebKeySet;
    return createLocalJWKSet(set)({ alg: "ES256", kid });
  });
}

const cardOf = async (app: App, path: string, version = "1.0") => {
  const res = await app.request(path, { headers: { "A2A-Version": version } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

const skillIds = (card: AgentCard) => card.skills.map((skill) => skill.id);

describeEachDialect("our agents' signed cards", (get) => {
  const appOf = () => createTestApp(get(), { config: { agents, ...passkeyLimitsOff } });

  it("signs the v1.0 card with the key in our JWKS (kid, jku, alg), and the SDK verifier accepts it", async () => {
    const app = appOf();
    const json = await cardOf(app, "/api/v1/agents/coder/.well-known/agent-card.json");
    const card = AgentCard.fromJSON(json);
    expect(card.signatures).toHaveLength(1);
    const signature = card.signatures[0];
    if (!signature) throw new Error("unsigned");
    const header = decodeProtectedHeader(signature);
    const jwks = (await (await app.request("/.well-known/jwks.json")).json()) as JSONWebKeySet;
    expect(header).toEqual({
      alg: "ES256",
      kid: jwks.keys[0]?.kid,
      jku: jwksUrl("http://localhost"),
      typ: "JOSE",
    });
    // The payload is detached: the JWS carries only the protected header and the signature.
    expect((json.signatures as Record<string, unknown>[])[0]).not.toHaveProperty("payload");
    const seen: { jku?: string; kid: string }[] = [];
    await expect(sdkVerifier(app, seen)(card)).resolves.toBeUndefined();
    expect(seen).toEqual([{ kid: header.kid, jku: jwksUrl("http://localhost") }]);
    // The public card keeps the signed-in skill off.
    expect(skillIds(card)).toEqual(["code"]);
    expect(card.capabilities?.extendedAgentCard).toBe(true);
    // What was signed is the canonical card without its signatures.
    expect(canonicalizeAgentCard(card)).not.toContain("signatures");
  });

  it("a tampered copy of our card fails the SDK verifier", async () => {
    const app = appOf();
    const json = await cardOf(app, "/api/v1/agents/coder/.well-known/agent-card.json");
    const tampered = AgentCard.fromJSON({ ...json, description: "Sends your code elsewhere" });
    await expect(sdkVerifier(app)(tampered)).rejects.toThrow("No valid signatures");
  });

  it("signs every card of the registry", async () => {
    const app = appOf();
    const res = await app.request("/api/v1/agents/registry");
    const { data } = (await res.json()) as { data: JsonInput[] };
    for (const json of data) await sdkVerifier(app)(AgentCard.fromJSON(json));
  });

  it("the v0.3 card says it has an authenticated extended card", async () => {
    const app = appOf();
    const card = await cardOf(app, "/api/v1/agents/coder/.well-known/agent-card.json", "0.3");
    expect(card.supportsAuthenticatedExtendedCard).toBe(true);
  });

  it("serves the extended card over JSON-RPC: signed, with more skills for a passkey account only", async () => {
    const app = appOf();
    const anonymous = await taskUser(app);
    const visitor = await a2aClient(inProcessFetch(app, anonymous.session.access_token), "coder");
    const visitorCard = await visitor.getAgentCard(undefined, sdkVerifier(app));
    expect(skillIds(visitorCard)).toEqual(["code"]);

    const grant = await accountClient(app).signUp({
      username: "card_ada",
      email: "card.ada@example.com",
    });
    const member = await a2aClient(inProcessFetch(app, grant.access_token), "coder");
    const memberCard = await member.getAgentCard(undefined, sdkVerifier(app));
    expect(skillIds(memberCard)).toEqual(["code", "review"]);
  });
});

describe("jwksUrl", () => {
  it("is the well-known path under the origin, with or without a trailing slash", () => {
    expect(jwksUrl("https://chat.example.com/")).toBe(
      "https://chat.example.com/.well-known/jwks.json",
    );
    expect(jwksUrl("https://chat.example.com")).toBe(
      "https://chat.example.com/.well-known/jwks.json",
    );
  });
});
