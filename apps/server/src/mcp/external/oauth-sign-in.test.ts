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
});
