import { randomBytes } from "node:crypto";
import { externalMcpServerSchema } from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ExternalMcpServersRepository } from "../../db/repositories/external-mcp-servers.js";
import { mcpCredentialsBinding } from "../../proxy/credential-binding.js";
import { SecretBox } from "../../proxy/secret-box.js";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { startOAuthMcpServer } from "../../test/oauth-mcp-server.js";
import { taskUser } from "../../test/tasks.js";
import type { OAuthState } from "./mcp-credentials.js";

/**
 * A stored OAuth access token that expired (or is about to) is refreshed before the call, not
 * after the server refused it; two replicas due at once refresh it once, and the refresh token
 * they keep still works (the authorization server here rotates refresh tokens: each is good once).
 */

let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
beforeAll(async () => {
  oauth = await startOAuthMcpServer();
});
afterAll(async () => {
  await oauth?.close();
});

const credentialsKey = randomBytes(32).toString("base64");
const box = new SecretBox(credentialsKey);

type App = ReturnType<typeof createTestApp>;

describeEachDialect("OAuth tokens refreshed ahead of their expiry", (get) => {
  const makeApp = () =>
    createTestApp(get(), { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

  /** Adds the OAuth server and signs in (the authorization server approves at once). */
  async function signedIn(app: App) {
    const user = await taskUser(app);
    const json = { ...user.headers, "content-type": "application/json" };
    const added = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "secured", url: oauth.url, credentials: { kind: "oauth" } }),
    });
    const server = externalMcpServerSchema.parse(await added.json());
    const started = await app.request(`/api/v1/mcp/external/${server.id}/oauth/start`, {
      method: "POST",
      headers: user.headers,
    });
    const { authorization_url } = (await started.json()) as { authorization_url: string };
    const approved = await fetch(authorization_url, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    expect((await app.request(`${back.pathname}${back.search}`)).status).toBe(200);
    return { user, server };
  }

  const repository = () => new ExternalMcpServersRepository(get().db.kysely);
  const storedState = async (id: string): Promise<OAuthState> => {
    const row = await repository().findById(id);
    if (!row?.credentials) throw new Error("no credentials stored");
    return JSON.parse(box.open(row.credentials, mcpCredentialsBinding(row))) as OAuthState;
  };
  /** Moves the stored expiry of the access token (the authorization server's is not moved). */
  const expireStored = async (id: string, expiresAt: number) => {
    const row = await repository().findById(id);
    if (!row) throw new Error("no row");
    const state = { ...(await storedState(id)), expires_at: expiresAt };
    const sealed = box.seal(JSON.stringify(state), mcpCredentialsBinding(row));
    expect(await repository().swapCredentials(id, row.credentials, sealed)).toBeDefined();
  };

  const whoami = async (app: App, token: string, endpoint: string) => {
    const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
      fetch: inProcessFetch(app, token),
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    await client.close();
    return result.content?.[0];
  };

  it("keeps the token's expiry, and refreshes an expired one before calling, with no 401", async () => {
    const app = makeApp();
    const { user, server } = await signedIn(app);
    const state = await storedState(server.id);
    expect(state.tokens?.expires_in).toBe(3600);
    expect(state.expires_at).toBeGreaterThan(Date.now() + 3_500_000);
    const clientId = state.client?.client_id;
    const token = user.session.access_token;

    // Expired here and at the authorization server: without a refresh first the call meets a 401.
    const grants = oauth.grants.length;
    const rejected = oauth.rejected();
    oauth.expireAccessTokens();
    await expireStored(server.id, Date.now() - 1000);
    expect(await whoami(app, token, server.endpoint)).toEqual({
      type: "text",
      text: `client ${clientId}`,
    });
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token"]);
    expect(oauth.rejected()).toBe(rejected);
    const after = await storedState(server.id);
    expect(after.tokens?.access_token).not.toBe(state.tokens?.access_token);
    expect(after.tokens?.refresh_token).not.toBe(state.tokens?.refresh_token);
    expect(after.refreshing_until).toBeUndefined();

    // Within the minute before its expiry it is refreshed too; well before, it is not.
    await expireStored(server.id, Date.now() + 30_000);
    await whoami(app, token, server.endpoint);
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token", "refresh_token"]);
    await whoami(app, token, server.endpoint);
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token", "refresh_token"]);
    expect(oauth.rejected()).toBe(rejected);
  });

  it("refreshes once when two replicas are due at the same moment, and the refresh token kept still works", async () => {
    const replicaA = makeApp();
    const replicaB = makeApp();
    const { user, server } = await signedIn(replicaA);
    const token = user.session.access_token;
    const clientId = (await storedState(server.id)).client?.client_id;
    const answer = { type: "text", text: `client ${clientId}` };

    const grants = oauth.grants.length;
    const rejected = oauth.rejected();
    oauth.expireAccessTokens();
    await expireStored(server.id, Date.now() - 1000);
    const both = await Promise.all([
      whoami(replicaA, token, server.endpoint),
      whoami(replicaB, token, server.endpoint),
      whoami(replicaA, token, server.endpoint),
      whoami(replicaB, token, server.endpoint),
    ]);
    expect(both).toEqual([answer, answer, answer, answer]);
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token"]);
    expect(oauth.rejected()).toBe(rejected);

    // The refresh token the replicas kept is the live one: the next refresh goes through.
    oauth.expireAccessTokens();
    await expireStored(server.id, Date.now() - 1000);
    expect(await whoami(replicaB, token, server.endpoint)).toEqual(answer);
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token", "refresh_token"]);
    const kept = await storedState(server.id);
    expect(kept.tokens?.refresh_token).toBeDefined();
    expect(kept.refreshing_until).toBeUndefined();
  });

  it("still refreshes after a 401 when the stored expiry did not say the token was over", async () => {
    const app = makeApp();
    const { user, server } = await signedIn(app);
    const grants = oauth.grants.length;
    const rejected = oauth.rejected();
    oauth.expireAccessTokens();
    const clientId = (await storedState(server.id)).client?.client_id;
    expect(await whoami(app, user.session.access_token, server.endpoint)).toEqual({
      type: "text",
      text: `client ${clientId}`,
    });
    expect(oauth.grants.slice(grants)).toEqual(["refresh_token"]);
    expect(oauth.rejected()).toBeGreaterThan(rejected);
  });
});
