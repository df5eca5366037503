import { createPrivateKey } from "node:crypto";
import {
  type AgentCredentials,
  agentCredentialsSchema,
  externalMcpCredentialTexts,
  type McpCredentials,
} from "@a2a-chat/contracts";
import type { OAuthState } from "../../oauth-client/oauth-state.js";
import type { SecretBox } from "../../proxy/secret-box.js";

/** OAuth state, shared with agents' sign-in (see oauth-client/oauth-state.ts). */
export type { OAuthState };

/** Path of the redirect URI this server registers with authorization servers for MCP servers. */
export const oauthCallbackPath = "/api/v1/mcp/external/oauth/callback";
/** Path of this site's OAuth client ID metadata document (SEP-991). */
export const clientMetadataPath = "/api/v1/mcp/external/oauth/client-metadata.json";

/** Stored credentials of a user-added MCP server. */
export type StoredMcpCredentials = AgentCredentials | OAuthState;

/** The stored credentials, decrypted; none when the row has none. */
export function openMcpCredentials(
  sealed: string | null,
  boundTo: string,
  box: SecretBox | undefined,
): StoredMcpCredentials {
  if (sealed === null) return { kind: "none" };
  if (!box) throw new Error("credentials are stored but OUTBOUND_CREDENTIALS_KEY is not set");
  const plain = JSON.parse(box.open(sealed, boundTo)) as { kind?: unknown };
  if (plain?.kind === "oauth") return plain as OAuthState;
  return agentCredentialsSchema.parse(plain);
}

/** What is stored for credentials the user gave. */
export function storedFrom(credentials: McpCredentials): StoredMcpCredentials {
  if (credentials.kind !== "oauth") return credentials;
  return {
    kind: "oauth",
    ...(credentials.scope ? { scope: credentials.scope } : {}),
    ...(credentials.grant && credentials.grant !== "authorization_code"
      ? { grant: credentials.grant }
      : {}),
    ...(credentials.grant === "cross_app_access" &&
    credentials.idp_token_endpoint &&
    credentials.idp_client_id &&
    credentials.id_token
      ? {
          idp: {
            token_endpoint: credentials.idp_token_endpoint,
            client_id: credentials.idp_client_id,
            ...(credentials.idp_client_secret
              ? { client_secret: credentials.idp_client_secret }
              : {}),
            id_token: credentials.id_token,
          },
        }
      : {}),
    ...(credentials.private_key
      ? { private_key: credentials.private_key, signing_alg: credentials.signing_alg ?? "ES256" }
      : {}),
    // A client registered beforehand: the SDK then skips dynamic registration.
    ...(credentials.client_id
      ? {
          client: {
            client_id: credentials.client_id,
            ...(credentials.client_secret ? { client_secret: credentials.client_secret } : {}),
          },
        }
      : {}),
  };
}

/** What is wrong with the credentials' private key (not a PEM private key), if anything. */
export function privateKeyProblem(credentials: StoredMcpCredentials): string | undefined {
  if (credentials.kind !== "oauth" || !credentials.private_key) return undefined;
  try {
    const key = createPrivateKey(credentials.private_key);
    return key.type === "private" ? undefined : externalMcpCredentialTexts.privateKeyInvalid;
  } catch {
    return externalMcpCredentialTexts.privateKeyInvalid;
  }
}
