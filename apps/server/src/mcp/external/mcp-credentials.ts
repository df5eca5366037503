import { createPrivateKey } from "node:crypto";
import {
  type AgentCredentials,
  agentCredentialsSchema,
  externalMcpCredentialTexts,
  type McpCredentials,
} from "@a2a-chat/contracts";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { SecretBox } from "../../proxy/secret-box.js";

/** What is kept (encrypted) for an MCP server the user signs in to with OAuth. */
export interface OAuthState {
  kind: "oauth";
  scope?: string;
  /** The client registered with the authorization server (dynamically, or by the user beforehand). */
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** When the access token expires (ms since the epoch), when the server said (expires_in). */
  expires_at?: number;
  /** A replica is refreshing the tokens until then (ms since the epoch); the others wait. */
  refreshing_until?: number;
  /** PKCE verifier and state of a sign-in under way. */
  verifier?: string;
  state?: string;
  /**
   * Machine to machine: tokens by client_credentials, or by cross-app access (an ID token
   * exchanged at the enterprise identity provider, then the JWT bearer grant); no browser.
   */
  grant?: "client_credentials" | "cross_app_access";
  /** Cross-app access: the identity provider's token endpoint, this site's client there. */
  idp?: { token_endpoint: string; client_id: string; client_secret?: string; id_token: string };
  /** private_key_jwt: the client's PEM private key and the algorithm it signs with. */
  private_key?: string;
  signing_alg?: string;
  /**
   * Where the server's authorization server was found (its protected-resource metadata URL,
   * which may come only in a 401's WWW-Authenticate) and its metadata, so the callback and
   * later refreshes use the same one.
   */
  discovery?: OAuthDiscoveryState;
  /**
   * The scopes a call needed that the tokens lack (403 insufficient_scope) or that a sign-in
   * the proxy could not finish asked for: the user must sign in again, asking for them too.
   */
  needs_scope?: string;
}

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
