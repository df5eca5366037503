import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

/**
 * What is kept (encrypted) for a user-added MCP server or agent the user signs in to with OAuth:
 * the client, the tokens, a sign-in under way, and (for agents, whose card names the
 * authorization server) the discovery the sign-in starts from.
 */
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
   * The authorization server and its metadata: known before the sign-in for an agent (its
   * card's OAuth or OpenID Connect scheme; the SDK then skips its own discovery), found by the
   * sign-in for an MCP server (its protected-resource metadata URL may come only in a 401's
   * WWW-Authenticate), so the callback and later refreshes use the same one.
   */
  discovery?: OAuthDiscoveryState;
  /** The agent card's security scheme this sign-in meets. */
  scheme?: string;
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
   * The scopes a call needed that the tokens lack (403 insufficient_scope) or that a sign-in
   * the proxy could not finish asked for: the user must sign in again, asking for them too.
   */
  needs_scope?: string;
}
