import { describe, expect, it } from "vitest";
import { agentAuthOf, withQuery } from "./agent-stored-credentials.js";
import { cardSchemes, schemeScopes } from "./card-schemes.js";

describe("cardSchemes", () => {
  it("reads every kind of a v0.3 card's schemes, with what signing in needs", () => {
    const card = {
      name: "Remote",
      securitySchemes: {
        key: { type: "apiKey", in: "cookie", name: "sid", description: "Session key" },
        basic: { type: "http", scheme: "basic" },
        digest: { type: "http", scheme: "digest" },
        corp: {
          type: "oauth2",
          flows: {
            authorizationCode: {
              authorizationUrl: "https://id.example/authorize",
              tokenUrl: "https://id.example/token",
              scopes: { read: "Read", write: "Write" },
            },
          },
        },
        machines: {
          type: "oauth2",
          flows: { clientCredentials: { tokenUrl: "https://id.example/token", scopes: {} } },
        },
        oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example/.well-known/x" },
        tls: { type: "mutualTLS" },
      },
      security: [{ corp: ["read"] }],
    };
    const parsed = cardSchemes(card);
    expect(parsed.map((p) => p.scheme)).toEqual([
      {
        type: "apiKey",
        name: "key",
        key_name: "sid",
        location: "cookie",
        description: "Session key",
        signable: true,
      },
      { type: "http", name: "basic", scheme: "basic", signable: true },
      { type: "http", name: "digest", scheme: "digest", signable: false },
      { type: "oauth2", name: "corp", scopes: ["read", "write"], signable: true },
      { type: "oauth2", name: "machines", scopes: [], signable: false },
      { type: "openIdConnect", name: "oidc", signable: true },
      { type: "other", name: "tls", signable: false },
    ]);
    expect(parsed[3]?.authorization).toEqual({
      authorizationUrl: "https://id.example/authorize",
      tokenUrl: "https://id.example/token",
      openId: false,
    });
    // The requirement's scopes, not all the flow declares; OpenID Connect asks for openid.
    expect(schemeScopes(card, parsed[3] as (typeof parsed)[number])).toEqual(["read"]);
    expect(schemeScopes(card, parsed[5] as (typeof parsed)[number])).toEqual(["openid"]);
  });

  it("reads a v1.0 card's schemes and a metadata URL without endpoints", () => {
    const parsed = cardSchemes({
      securitySchemes: {
        corp: {
          oauth2SecurityScheme: {
            flows: { authorizationCode: { scopes: { chat: "" } } },
            oauth2MetadataUrl: "https://id.example/.well-known/oauth-authorization-server",
          },
        },
      },
    });
    expect(parsed[0]?.scheme).toEqual({
      type: "oauth2",
      name: "corp",
      scopes: ["chat"],
      signable: true,
    });
    expect(parsed[0]?.authorization?.metadataUrl).toBe(
      "https://id.example/.well-known/oauth-authorization-server",
    );
  });
});

describe("agentAuthOf", () => {
  const card = (location: "header" | "query" | "cookie") =>
    ({
      kind: "card",
      scheme: "k",
      shown: "api_key",
      location,
      name: "Agent-Key",
      value: "v",
    }) as const;
  it("puts a card's key where the card says, and OAuth's access token in Authorization", () => {
    expect(agentAuthOf(card("header"))).toEqual({ headers: { "agent-key": "v" }, query: {} });
    expect(agentAuthOf(card("query"))).toEqual({ headers: {}, query: { "Agent-Key": "v" } });
    expect(agentAuthOf(card("cookie"))).toEqual({ headers: { cookie: "Agent-Key=v" }, query: {} });
    expect(
      agentAuthOf({ kind: "oauth", tokens: { access_token: "t", token_type: "bearer" } }),
    ).toEqual({ headers: { authorization: "Bearer t" }, query: {} });
    expect(agentAuthOf({ kind: "oauth" })).toEqual({ headers: {}, query: {} });
  });

  it("sets query parameters, replacing one of the same name", () => {
    expect(withQuery("http://a.example/rpc?x=1&key=old", { key: "new" })).toBe(
      "http://a.example/rpc?x=1&key=new",
    );
    expect(withQuery("http://a.example/rpc", {})).toBe("http://a.example/rpc");
  });
});
