import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { agentSignInMessages, agentSignInResultSchema } from "@a2a-chat/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ExternalAgentsRepository } from "../db/repositories/external-agents.js";
import type { OAuthState } from "../oauth-client/oauth-state.js";
import { type ReceivedRequest, startTestAgent } from "../test/a2a-test-agent.js";
import {
  approve,
  bearerOf,
  box,
  makeApp,
  refuseUnless,
  userOf,
} from "../test/agent-sign-in-user.js";
import { describeEachDialect } from "../test/databases.js";
import { startOAuthMcpServer } from "../test/oauth-mcp-server.js";
import { agentCredentialsBinding } from "./credential-binding.js";

/**
 * Signing in to an added agent with its card's own schemes, against real @a2a-js/sdk agents on
 * loopback that refuse calls without the credentials: one behind an OAuth authorization server
 * (the MCP SDK's server auth: metadata, dynamic registration, PKCE, rotating refresh tokens).
 * API keys and HTTP schemes: agent-sign-in-keys.test.ts.
 */

type Closer = { close: () => Promise<void> };
const closers: Closer[] = [];
afterAll(async () => {
  await Promise.all(closers.map((c) => c.close()));
});

let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
let noRegistration: Awaited<ReturnType<typeof startOAuthMcpServer>>;
beforeAll(async () => {
  oauth = await startOAuthMcpServer();
  noRegistration = await startOAuthMcpServer({
    registration: false,
    preRegistered: [
      {
        client_id: "registered-by-hand",
        redirect_uris: ["http://localhost/api/v1/agents/external/oauth/callback"],
        token_endpoint_auth_method: "none",
        scope: "chat openid",
      },
    ],
  });
  closers.push(oauth, noRegistration);
});

async function oauthAgent(
  server: typeof oauth,
  scheme: (origin: string) => Record<string, unknown>,
) {
  const agent = await startTestAgent({
    editCard: (card) => ({
      ...card,
      securitySchemes: { corp: scheme(server.origin) },
      securityRequirements: [{ schemes: { corp: { list: ["chat"] } } }],
    }),
    intercept: refuseUnless((r) => server.accessTokenValid(bearerOf(r))),
  });
  closers.push(agent);
  return agent;
}

const codeFlow = (origin: string) => ({
  oauth2SecurityScheme: {
    flows: {
      authorizationCode: {
        authorizationUrl: `${origin}/authorize`,
        tokenUrl: `${origin}/token`,
        scopes: { chat: "Chat with the agent" },
      },
    },
  },
});

describeEachDialect("sign-in to an added agent from its card", (get) => {
  it("signs in with OAuth 2.0 code + PKCE, registering dynamically, and calls with the token", async () => {
    const app = makeApp(get());
    const agent = await oauthAgent(oauth, codeFlow);
    const user = await userOf(app);
    const added = await user.add(agent.url);
    expect(added.credentials_kind).toBe("none");
    expect(added.sign_in?.schemes).toEqual([
      { type: "oauth2", name: "corp", scopes: ["chat"], signable: true },
    ]);
    const clientsBefore = oauth.clients.size;
    const started = await user.signIn(added.id, { scheme: "corp" });
    expect(started.status).toBe(200);
    const result = agentSignInResultSchema.parse(await started.json());
    if (result.status !== "redirect") throw new Error("expected a redirect");
    const url = new URL(result.authorization_url);
    expect(url.origin + url.pathname).toBe(`${oauth.origin}/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("chat");
    expect(oauth.clients.size).toBe(clientsBefore + 1);
    expect((await user.listed(added.id))?.sign_in?.status).toBe("sign_in_required");

    const back = await approve(app, result.authorization_url);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain(agentSignInMessages.signedIn("Echo agent"));
    const after = await user.listed(added.id);
    expect(after?.credentials_kind).toBe("oauth");
    expect(after?.sign_in).toMatchObject({ scheme: "corp", status: "signed_in" });

    expect(await user.send(added.id)).toEqual(["completed"]);
    const posts = agent.received.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((r) => oauth.accessTokenValid(bearerOf(r)))).toBe(true);

    // Kept encrypted: the stored row holds no token in the clear.
    const row = await new ExternalAgentsRepository(app.services.db.kysely).findById(added.id);
    expect(row?.credentials).not.toContain(bearerOf(posts[0] as ReceivedRequest));

    // Another user can neither see nor sign in to it; the callback replayed is refused.
    const other = await userOf(app);
    expect((await other.signIn(added.id, { scheme: "corp" })).status).toBe(404);
    expect(await other.listed(added.id)).toBeUndefined();
    const replay = await approve(app, result.authorization_url);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(
      agentSignInMessages.failed("this sign-in is unknown or over"),
    );
  });

  it("refreshes the token ahead of its expiry once when two replicas need it at once", async () => {
    const app = makeApp(get());
    const replicaB = makeApp(get());
    const agent = await oauthAgent(oauth, (origin) => ({
      oauth2SecurityScheme: {
        ...codeFlow(origin).oauth2SecurityScheme,
        oauth2MetadataUrl: `${origin}/.well-known/oauth-authorization-server`,
      },
    }));
    const user = await userOf(app);
    const added = await user.add(agent.url);
    const started = agentSignInResultSchema.parse(
      await (await user.signIn(added.id, { scheme: "corp" })).json(),
    );
    if (started.status !== "redirect") throw new Error("expected a redirect");
    expect((await approve(app, started.authorization_url)).status).toBe(200);
    // The token is about to expire: its expiry is moved to now (as if an hour had passed).
    const repository = new ExternalAgentsRepository(app.services.db.kysely);
    const row = await repository.findById(added.id);
    if (!row?.credentials) throw new Error("no credentials");
    const bound = agentCredentialsBinding(row);
    const state = JSON.parse(box.open(row.credentials, bound)) as OAuthState;
    const oldToken = state.tokens?.access_token ?? "";
    await repository.swapCredentials(
      row.id,
      row.credentials,
      box.seal(JSON.stringify({ ...state, expires_at: Date.now() }), bound),
    );
    const refreshesBefore = oauth.grants.filter((g) => g === "refresh_token").length;
    const sends = await Promise.all([
      user.send(added.id, "a"),
      user.send(added.id, "b", replicaB),
      user.send(added.id, "c"),
      user.send(added.id, "d", replicaB),
    ]);
    expect(sends).toEqual([["completed"], ["completed"], ["completed"], ["completed"]]);
    expect(oauth.grants.filter((g) => g === "refresh_token").length).toBe(refreshesBefore + 1);
    const posts = agent.received.filter((r) => r.method === "POST");
    expect(posts.every((r) => bearerOf(r) !== oldToken)).toBe(true);
  });

  it("takes a client id when the authorization server offers no registration (OpenID Connect)", async () => {
    const app = makeApp(get());
    // The provider's OpenID discovery document: the authorization server's own endpoints.
    const discovery = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          issuer: noRegistration.origin,
          authorization_endpoint: `${noRegistration.origin}/authorize`,
          token_endpoint: `${noRegistration.origin}/token`,
          jwks_uri: `${noRegistration.origin}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
        }),
      );
    });
    await new Promise<void>((resolve) => discovery.listen(0, "127.0.0.1", resolve));
    closers.push({ close: () => closeServer(discovery) });
    const discoveryUrl = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}/.well-known/openid-configuration`;
    const agent = await oauthAgent(noRegistration, () => ({
      openIdConnectSecurityScheme: { openIdConnectUrl: discoveryUrl },
    }));
    const user = await userOf(app);
    const added = await user.add(agent.url);
    expect(added.sign_in?.schemes).toEqual([
      { type: "openIdConnect", name: "corp", signable: true },
    ]);
    const refused = await user.signIn(added.id, { scheme: "corp" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "validation_failed",
      message: agentSignInMessages.clientIdRequired(new URL(noRegistration.origin).host),
    });
    const started = agentSignInResultSchema.parse(
      await (
        await user.signIn(added.id, { scheme: "corp", client_id: "registered-by-hand" })
      ).json(),
    );
    if (started.status !== "redirect") throw new Error("expected a redirect");
    const url = new URL(started.authorization_url);
    expect(url.searchParams.get("client_id")).toBe("registered-by-hand");
    expect(url.searchParams.get("scope")).toBe("openid chat");
    expect((await approve(app, started.authorization_url)).status).toBe(200);
    expect(await user.send(added.id)).toEqual(["completed"]);
  });
});

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
