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
   * The authorization server and its metadata, when known before the sign-in (an agent card's
   * OAuth or OpenID Connect scheme): the SDK then skips its own discovery.
   */
  discovery?: OAuthDiscoveryState;
  /** The agent card's security scheme this sign-in meets. */
  scheme?: string;
}
