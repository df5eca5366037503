import type { KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { jwtVerify } from "jose";

/** The bit of express the test OAuth server uses (what the SDK's auth router plugs into). */
export interface ExpressApp {
  use(handler: unknown): void;
  get(path: string, ...handlers: unknown[]): void;
  post(path: string, ...handlers: unknown[]): void;
  listen(port: number, host: string, ready: () => void): import("node:http").Server;
}
/** express itself. */
export type Express = (() => ExpressApp) & {
  json(): unknown;
  urlencoded(options: { extended: boolean }): unknown;
};
export const express = createRequire(import.meta.url)("express") as Express;

type Req = IncomingMessage & { body?: Record<string, string | undefined> };
type Res = ServerResponse;

function send(res: Res, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

/**
 * What the SDK's auth router does not offer, added in front of it: the protected-resource
 * metadata at a custom location only, authorization-server metadata that names the
 * client_credentials grant, private_key_jwt and client ID metadata documents, and the
 * client_credentials grant itself (client_secret_basic, or a private_key_jwt assertion
 * checked with jose against the client's public key, audience the issuer).
 */
export function addGrantRoutes(
  app: ExpressApp,
  setup: {
    origin: string;
    mcpUrl: string;
    options: {
      resourceMetadataPath?: string;
      clientCredentials?: { keys?: Record<string, KeyObject> };
      /** JWT bearer grant (RFC 7523) of identity assertions (ID-JAG) signed with this key. */
      identityAssertionKey?: KeyObject;
      readClientMetadata?: unknown;
      registration?: boolean;
    };
    clients: Map<string, OAuthClientInformationFull>;
    grant: (clientId: string, scope: string | undefined, grant?: string) => unknown;
  },
): void {
  const { origin, options } = setup;
  if (options.resourceMetadataPath) {
    const prm = { resource: setup.mcpUrl, authorization_servers: [`${origin}/`] };
    app.get(options.resourceMetadataPath, (_req: Req, res: Res) => send(res, 200, prm));
    app.get("/.well-known/oauth-protected-resource/mcp", (_req: Req, res: Res) =>
      send(res, 404, { error: "not_found" }),
    );
  }
  if (options.clientCredentials || options.readClientMetadata || options.identityAssertionKey) {
    app.get("/.well-known/oauth-authorization-server", (_req: Req, res: Res) =>
      send(res, 200, {
        issuer: `${origin}/`,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        ...(options.registration === false ? {} : { registration_endpoint: `${origin}/register` }),
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: [
          "client_secret_basic",
          "client_secret_post",
          "private_key_jwt",
          "none",
        ],
        token_endpoint_auth_signing_alg_values_supported: ["ES256"],
        ...(options.readClientMetadata ? { client_id_metadata_document_supported: true } : {}),
      }),
    );
  }
  const keys = options.clientCredentials?.keys ?? {};
  /** Cross-app access: a registered client (basic) presenting an ID-JAG made for it, here. */
  const jwtBearer = async (
    body: Record<string, string | undefined>,
    authorization: string | undefined,
  ): Promise<[number, unknown]> => {
    const key = options.identityAssertionKey;
    if (!key) return [400, { error: "unsupported_grant_type" }];
    const [id = "", secret = ""] = Buffer.from(
      /^Basic (.+)$/.exec(authorization ?? "")?.[1] ?? "",
      "base64",
    )
      .toString()
      .split(":")
      .map(decodeURIComponent);
    const client = setup.clients.get(id);
    if (!client?.client_secret || client.client_secret !== secret)
      return [401, { error: "invalid_client" }];
    try {
      const { payload, protectedHeader } = await jwtVerify(body.assertion ?? "", key, {
        audience: [origin, `${origin}/`],
      });
      if (protectedHeader.typ !== "oauth-id-jag+jwt" || payload.client_id !== id)
        return [400, { error: "invalid_grant" }];
      if (payload.resource !== setup.mcpUrl) return [400, { error: "invalid_target" }];
      return [200, setup.grant(id, body.scope, "jwt_bearer")];
    } catch {
      return [400, { error: "invalid_grant" }];
    }
  };
  app.post(
    "/token",
    express.urlencoded({ extended: false }),
    async (req: Req, res: Res, next: () => void) => {
      const body = req.body ?? {};
      if (body.grant_type === "urn:ietf:params:oauth:grant-type:jwt-bearer")
        return send(res, ...(await jwtBearer(body, req.headers.authorization)));
      if (body.grant_type !== "client_credentials") return next();
      if (!options.clientCredentials) return send(res, 400, { error: "unsupported_grant_type" });
      let clientId: string | undefined;
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (basic) {
        const [id = "", secret = ""] = Buffer.from(basic, "base64")
          .toString()
          .split(":")
          .map(decodeURIComponent);
        const client = setup.clients.get(id);
        if (client?.client_secret && client.client_secret === secret) clientId = id;
      } else if (
        body.client_assertion_type === "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
      ) {
        try {
          const claims = JSON.parse(
            Buffer.from(body.client_assertion?.split(".")[1] ?? "", "base64url").toString(),
          ) as { iss?: string };
          const key = keys[claims.iss ?? ""];
          if (key) {
            const { payload } = await jwtVerify(body.client_assertion ?? "", key, {
              audience: [origin, `${origin}/`],
            });
            if (payload.sub === claims.iss) clientId = claims.iss;
          }
        } catch {
          clientId = undefined;
        }
      }
      if (!clientId) return send(res, 401, { error: "invalid_client" });
      send(res, 200, setup.grant(clientId, body.scope));
    },
  );
}
