import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
  externalMcpCredentialTexts,
  externalMcpListSchema,
  externalMcpMessages,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { inProcessFetch } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { startIdentityProvider } from "../../test/identity-provider.js";
import { startOAuthMcpServer } from "../../test/oauth-mcp-server.js";
import { taskUser } from "../../test/tasks.js";

const credentialsKey = randomBytes(32).toString("base64");
type OAuthServer = Awaited<ReturnType<typeof startOAuthMcpServer>>;

/** A user of a fresh app, with helpers to add a server, sign in as the browser would, and call. */
async function userOf(db: Parameters<typeof createTestApp>[0], extra: { publicUrl?: string } = {}) {
  const app = createTestApp(db, {
    config: {
      outbound: { allowHosts: ["127.0.0.1"], credentialsKey },
      ...(extra.publicUrl ? { server: { publicUrl: extra.publicUrl } } : {}),
    },
  });
  const user = await taskUser(app);
  const json = { ...user.headers, "content-type": "application/json" };
  const add = (name: string, url: string, credentials: unknown) =>
    app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name, url, credentials }),
    });
  const start = async (id: string) => {
    const res = await app.request(`/api/v1/mcp/external/${id}/oauth/start`, {
      method: "POST",
      headers: user.headers,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { status: string; authorization_url?: string };
  };
  /** The browser at the authorization server, sent back to our callback. */
  const approve = async (authorizationUrl: string, name: string) => {
    const approved = await fetch(authorizationUrl, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    const callback = await app.request(`${back.pathname}${back.search}`);
    expect(await callback.text()).toContain(externalMcpMessages.oauthSignedIn(name));
  };
  const connect = async (endpoint: string) => {
    const client = new Client({ name: "systemprompt-web-client", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://localhost${endpoint}`), {
        fetch: inProcessFetch(app, user.session.access_token),
      }),
    );
    return client;
  };
  const status = async () =>
    externalMcpListSchema.parse(
      await (await app.request("/api/v1/mcp/external", { headers: user.headers })).json(),
    ).data[0]?.oauth;
  return { app, headers: user.headers, add, start, approve, connect, status };
}

async function using(server: OAuthServer, run: () => Promise<void>) {
  try {
    await run();
  } finally {
    await server.close();
  }
}

describeEachDialect("OAuth: scopes, client ID metadata documents, client credentials", (get) => {
  it("takes the metadata location and the scope from the server's WWW-Authenticate", async () => {
    const oauth = await startOAuthMcpServer({
      requiredScopes: ["mcp:basic"],
      resourceMetadataPath: "/custom/metadata/location.json",
    });
    await using(oauth, async () => {
      const u = await userOf(get());
      const server = externalMcpServerSchema.parse(
        await (await u.add("scoped", oauth.url, { kind: "oauth" })).json(),
      );
      const started = await u.start(server.id);
      const authorize = new URL(started.authorization_url ?? "");
      // Found only through the 401's resource_metadata, asked for the 401's scope.
      expect(authorize.origin).toBe(oauth.origin);
      expect(authorize.searchParams.get("scope")).toBe("mcp:basic");
      // The callback finds the same authorization server (the discovery was kept).
      await u.approve(authorize.href, "scoped");
      const client = await u.connect(server.endpoint);
      const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(result.content?.[0]).toMatchObject({ type: "text" });
      await client.close();
    });
  });

  it("asks for the union of scopes when a call is refused with 403 insufficient_scope, then calls", async () => {
    const oauth = await startOAuthMcpServer({
      requiredScopes: ["mcp:basic"],
      callScopes: ["mcp:write"],
    });
    await using(oauth, async () => {
      const u = await userOf(get());
      const server = externalMcpServerSchema.parse(
        await (await u.add("stepped", oauth.url, { kind: "oauth" })).json(),
      );
      await u.approve((await u.start(server.id)).authorization_url ?? "", "stepped");
      expect(oauth.requestedScopes).toEqual(["mcp:basic"]);
      const client = await u.connect(server.endpoint);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
      await expect(client.callTool({ name: "whoami", arguments: {} })).rejects.toThrow(
        externalMcpMessages.moreScopeRequired("stepped", "mcp:basic mcp:write"),
      );
      // The refresh token would not add scopes: it was not used.
      expect(oauth.grants).toEqual(["authorization_code"]);
      expect(await u.status()).toBe("sign_in_required");

      const again = await u.start(server.id);
      const scope = new URL(again.authorization_url ?? "").searchParams.get("scope");
      expect(scope?.split(" ").sort()).toEqual(["mcp:basic", "mcp:write"]);
      await u.approve(again.authorization_url ?? "", "stepped");
      expect(await u.status()).toBe("signed_in");
      const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(result.content?.[0]).toMatchObject({ type: "text" });
      await client.close();
    });
  });

  it("uses this site's client ID metadata document as client ID where the authorization server takes one", async () => {
    let app: Awaited<ReturnType<typeof userOf>>["app"] | undefined;
    const read: string[] = [];
    const oauth = await startOAuthMcpServer({
      // The authorization server reads the document at the client ID's URL (here in-process).
      readClientMetadata: async (url) => {
        read.push(url);
        const res = await app?.request(new URL(url).pathname);
        return res?.ok ? ((await res.json()) as OAuthClientInformationFull) : undefined;
      },
    });
    await using(oauth, async () => {
      const u = await userOf(get(), { publicUrl: "https://chat.example.test" });
      app = u.app;
      const server = externalMcpServerSchema.parse(
        await (await u.add("cimd", oauth.url, { kind: "oauth" })).json(),
      );
      const clientId = "https://chat.example.test/api/v1/mcp/external/oauth/client-metadata.json";
      const document = (await (await u.app.request(new URL(clientId).pathname)).json()) as {
        client_id: string;
        redirect_uris: string[];
      };
      expect(document.client_id).toBe(clientId);
      expect(document.redirect_uris).toEqual([
        "https://chat.example.test/api/v1/mcp/external/oauth/callback",
      ]);
      const authorize = new URL((await u.start(server.id)).authorization_url ?? "");
      expect(authorize.searchParams.get("client_id")).toBe(clientId);
      expect(oauth.clients.size).toBe(0);
      await u.approve(authorize.href, "cimd");
      expect(read.length).toBeGreaterThan(0);
      const client = await u.connect(server.endpoint);
      const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(result.content?.[0]).toEqual({ type: "text", text: `client ${clientId}` });
      await client.close();
    });
  });

  it("gets tokens by client_credentials with a client secret (basic) or a private key (private_key_jwt)", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const oauth = await startOAuthMcpServer({
      registration: false,
      preRegistered: [
        {
          client_id: "machine",
          client_secret: "machine-secret",
          redirect_uris: [],
          grant_types: ["client_credentials"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      clientCredentials: { keys: { "keyed-machine": publicKey } },
    });
    await using(oauth, async () => {
      const u = await userOf(get());
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      const cases = [
        ["basic", { client_id: "machine", client_secret: "machine-secret" }, "machine"],
        [
          "jwt",
          { client_id: "keyed-machine", private_key: pem, signing_alg: "ES256" },
          "keyed-machine",
        ],
      ] as const;
      for (const [name, given, clientId] of cases) {
        const res = await u.add(name, oauth.url, {
          kind: "oauth",
          grant: "client_credentials",
          ...given,
        });
        expect(res.status).toBe(201);
        const text = await res.text();
        expect(text).not.toContain("PRIVATE KEY");
        const server = externalMcpServerSchema.parse(JSON.parse(text));
        // No browser: the first call gets the token itself.
        const client = await u.connect(server.endpoint);
        const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
        expect(result.content?.[0]).toEqual({ type: "text", text: `client ${clientId}` });
        await client.close();
        // Signing in (the Connection's button) answers at once, without a redirect.
        expect((await u.start(server.id)).status).toBe("signed_in");
      }
      expect(oauth.grants.every((grant) => grant === "client_credentials")).toBe(true);
      expect(oauth.authorizationClients).toEqual([]);
    });
  });

  it("gets tokens by cross-app access: the ID token exchanged for an ID-JAG, then the JWT bearer grant", async () => {
    const idp = await startIdentityProvider({ clientId: "xaa-client" });
    const oauth = await startOAuthMcpServer({
      registration: false,
      preRegistered: [
        {
          client_id: "xaa-client",
          client_secret: "xaa-secret",
          redirect_uris: [],
          grant_types: ["urn:ietf:params:oauth:grant-type:jwt-bearer"],
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      identityAssertionKey: idp.publicKey,
    });
    try {
      const u = await userOf(get());
      const res = await u.add("xaa", oauth.url, {
        kind: "oauth",
        grant: "cross_app_access",
        client_id: "xaa-client",
        client_secret: "xaa-secret",
        idp_token_endpoint: idp.tokenEndpoint,
        idp_client_id: "chat-at-idp",
        id_token: idp.idToken,
      });
      expect(res.status).toBe(201);
      const server = externalMcpServerSchema.parse(await res.json());
      expect((await u.start(server.id)).status).toBe("signed_in");
      expect(idp.exchanges).toHaveLength(1);
      expect(idp.exchanges[0]).toMatchObject({
        audience: `${oauth.origin}/`,
        resource: oauth.url,
        client_id: "chat-at-idp",
      });
      expect(oauth.grants).toEqual(["jwt_bearer"]);
      const client = await u.connect(server.endpoint);
      const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(result.content?.[0]).toEqual({ type: "text", text: "client xaa-client" });
      await client.close();

      // An ID token the identity provider did not issue: the reason is shown.
      const wrong = externalMcpServerSchema.parse(
        await (
          await u.add("xaa-wrong", oauth.url, {
            kind: "oauth",
            grant: "cross_app_access",
            client_id: "xaa-client",
            client_secret: "xaa-secret",
            idp_token_endpoint: idp.tokenEndpoint,
            idp_client_id: "chat-at-idp",
            id_token: "forged",
          })
        ).json(),
      );
      const refused = await u.app.request(`/api/v1/mcp/external/${wrong.id}/oauth/start`, {
        method: "POST",
        headers: u.headers,
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        externalMcpMessages.oauthFailed(
          "the identity provider refused the token exchange (invalid_grant)",
        ),
      );
    } finally {
      await oauth.close();
      await idp.close();
    }
  });

  it("refuses client credentials it cannot use, with the exact reasons", async () => {
    const u = await userOf(get());
    const refused = async (credentials: unknown) => {
      const res = await u.add("refused", "http://127.0.0.1:9/mcp", credentials);
      expect(res.status).toBe(400);
      return JSON.stringify(await res.json());
    };
    const texts = externalMcpCredentialTexts;
    const grant = { kind: "oauth", grant: "client_credentials" };
    expect(await refused(grant)).toContain(texts.clientCredentialsNeedClient);
    expect(await refused({ ...grant, client_id: "c" })).toContain(
      texts.clientCredentialsNeedSecret,
    );
    expect(
      await refused({ ...grant, client_id: "c", client_secret: "s", private_key: "k" }),
    ).toContain(texts.secretOrKey);
    expect(await refused({ kind: "oauth", private_key: "k" })).toContain(texts.keyWithoutClient);
    expect(await refused({ ...grant, client_id: "c", private_key: "not a key" })).toContain(
      texts.privateKeyInvalid,
    );
    expect(
      await refused({
        kind: "oauth",
        grant: "cross_app_access",
        client_id: "c",
        client_secret: "s",
      }),
    ).toContain(texts.crossAppNeeds);
  });
});
