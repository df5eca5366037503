import { randomBytes } from "node:crypto";
import {
  externalMcpListSchema,
  externalMcpMessages,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { startOAuthMcpServer } from "../../test/oauth-mcp-server.js";
import { taskUser } from "../../test/tasks.js";

let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
beforeAll(async () => {
  oauth = await startOAuthMcpServer();
});
afterAll(async () => {
  await oauth?.close();
});

const credentialsKey = randomBytes(32).toString("base64");

describeEachDialect("OAuth 2.1 sign-in to a user-added MCP server", (get) => {
  it("discovers the authorization server, registers, signs in with PKCE S256, calls with the token and refreshes it", async () => {
    const app = createTestApp(get(), {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
    });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const json = { ...user.headers, "content-type": "application/json" };
    const res = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "secured", url: oauth.url, credentials: { kind: "oauth" } }),
    });
    expect(res.status).toBe(201);
    const server = externalMcpServerSchema.parse(await res.json());
    expect(server.credentials_kind).toBe("oauth");
    expect(server.oauth).toBe("sign_in_required");

    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(
        new URL(`http://localhost${server.endpoint}`),
        { fetch: inProcessFetch(app, token) },
      );
      const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
      await client.connect(transport);
      return client;
    };
    const before = await connect();
    await expect(before.listTools()).rejects.toThrow(externalMcpMessages.signInRequired("secured"));
    await before.close();

    const started = await app.request(`/api/v1/mcp/external/${server.id}/oauth/start`, {
      method: "POST",
      headers: user.headers,
    });
    expect(started.status).toBe(200);
    const { authorization_url } = (await started.json()) as { authorization_url: string };
    const authorize = new URL(authorization_url);
    expect(authorize.origin).toBe(oauth.origin);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      "http://localhost/api/v1/mcp/external/oauth/callback",
    );
    // Registered dynamically, as the authorization server offers.
    expect([...oauth.clients.keys()]).toContain(authorize.searchParams.get("client_id"));

    // The user's browser at the authorization server, which sends it back to our callback.
    const approved = await fetch(authorization_url, { redirect: "manual" });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get("location") ?? "");
    const wrong = await app.request(`${back.pathname}?code=x&state=${server.id}.forged`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Signing in failed: this sign-in is unknown or over");
    const callback = await app.request(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain(externalMcpMessages.oauthSignedIn("secured"));

    const listed = await app.request("/api/v1/mcp/external", { headers: user.headers });
    const text = await listed.text();
    expect(externalMcpListSchema.parse(JSON.parse(text)).data[0]?.oauth).toBe("signed_in");
    expect(text).not.toContain("access_token");
    expect(text).not.toContain("refresh");

    const client = await connect();
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
    const clientId = authorize.searchParams.get("client_id");
    const first = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    expect(first.content?.[0]).toEqual({ type: "text", text: `client ${clientId}` });

    // The access token expires: the next call refreshes it and goes through.
    oauth.expireAccessTokens();
    const second = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    expect(second.content?.[0]).toEqual({ type: "text", text: `client ${clientId}` });
    expect(oauth.grants).toContain("refresh_token");
    await client.close();
  });

  it("signs in with a client registered beforehand when the authorization server does not register clients", async () => {
    const redirect = "http://localhost/api/v1/mcp/external/oauth/callback";
    const fixed = await startOAuthMcpServer({
      registration: false,
      preRegistered: [
        {
          client_id: "chat-client",
          client_secret: "chat-secret",
          redirect_uris: [redirect],
          token_endpoint_auth_method: "client_secret_post",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        },
      ],
    });
    try {
      const app = createTestApp(get(), {
        config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
      });
      const user = await taskUser(app);
      const json = { ...user.headers, "content-type": "application/json" };
      const addWith = async (name: string, credentials: unknown) =>
        app.request("/api/v1/mcp/external", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ name, url: fixed.url, credentials }),
        });
      const start = (id: string) =>
        app.request(`/api/v1/mcp/external/${id}/oauth/start`, {
          method: "POST",
          headers: user.headers,
        });

      // A secret without its client is refused with a clear message; nothing is stored.
      const lone = await addWith("lone", { kind: "oauth", client_secret: "s" });
      expect(lone.status).toBe(400);
      expect(JSON.stringify(await lone.json())).toContain(
        "A client secret needs the client ID it belongs to",
      );

      // Without a client ID there is nothing to sign in with: the user is told why.
      const bare = externalMcpServerSchema.parse(
        await (await addWith("bare", { kind: "oauth" })).json(),
      );
      const refused = await start(bare.id);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Signing in failed: Incompatible auth server: does not support dynamic client registration",
      );

      const res = await addWith("fixed", {
        kind: "oauth",
        client_id: "chat-client",
        client_secret: "chat-secret",
      });
      expect(res.status).toBe(201);
      const text = await res.text();
      expect(text).not.toContain("chat-secret");
      const server = externalMcpServerSchema.parse(JSON.parse(text));
      const started = await start(server.id);
      expect(started.status).toBe(200);
      const { authorization_url } = (await started.json()) as { authorization_url: string };
      const authorize = new URL(authorization_url);
      expect(authorize.searchParams.get("client_id")).toBe("chat-client");
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      // Nothing was registered: the only client is the one given.
      expect([...fixed.clients.keys()]).toEqual(["chat-client"]);
      const approved = await fetch(authorization_url, { redirect: "manual" });
      const back = new URL(approved.headers.get("location") ?? "");
      // The token endpoint checks the client's secret (the SDK's client authentication).
      const callback = await app.request(`${back.pathname}${back.search}`);
      expect(callback.status).toBe(200);
      expect(await callback.text()).toContain(externalMcpMessages.oauthSignedIn("fixed"));

      // The same client with a wrong secret gets no tokens.
      const wrong = externalMcpServerSchema.parse(
        await (
          await addWith("wrong", { kind: "oauth", client_id: "chat-client", client_secret: "x" })
        ).json(),
      );
      const wrongStart = (await (await start(wrong.id)).json()) as { authorization_url: string };
      const wrongBack = new URL(
        (await fetch(wrongStart.authorization_url, { redirect: "manual" })).headers.get(
          "location",
        ) ?? "",
      );
      const failed = await app.request(`${wrongBack.pathname}${wrongBack.search}`);
      expect(failed.status).toBe(400);
      expect(await failed.text()).toContain("Signing in failed: ");

      const transport = new StreamableHTTPClientTransport(
        new URL(`http://localhost${server.endpoint}`),
        { fetch: inProcessFetch(app, user.session.access_token) },
      );
      const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
      await client.connect(transport);
      const called = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(called.content?.[0]).toEqual({ type: "text", text: "client chat-client" });
      await client.close();
    } finally {
      await fixed.close();
    }
  });
});
