import { randomBytes, timingSafeEqual } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthState } from "./mcp-credentials.js";

/** Path of the redirect URI this server registers with authorization servers. */
export const oauthCallbackPath = "/api/v1/mcp/external/oauth/callback";

/**
 * The MCP SDK's OAuth client provider for one user-added server, kept on the server: the
 * client registered dynamically, the tokens, and the PKCE verifier and state of a sign-in under
 * way live in the row's encrypted credentials (`persist` writes them back). The state names the
 * row (`{id}.{random}`), so the callback finds it without the user's session.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** Where the user must go to sign in, once the SDK asked for it. */
  authorizationUrl: URL | undefined;

  constructor(
    private readonly stored: OAuthState,
    private readonly rowId: string,
    private readonly redirect: string,
    private readonly persist: (state: OAuthState) => Promise<void>,
  ) {}

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "A2A Chat",
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(this.stored.scope ? { scope: this.stored.scope } : {}),
    };
  }

  state(): string {
    this.stored.state = `${this.rowId}.${randomBytes(24).toString("base64url")}`;
    return this.stored.state;
  }

  /** Whether a callback's state is the one this sign-in sent. */
  matchesState(state: string): boolean {
    const expected = Buffer.from(this.stored.state ?? "");
    const given = Buffer.from(state);
    return (
      expected.length > 0 && expected.length === given.length && timingSafeEqual(expected, given)
    );
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.stored.client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    this.stored.client = client;
    await this.persist(this.stored);
  }

  tokens(): OAuthTokens | undefined {
    return this.stored.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stored.tokens = tokens;
    delete this.stored.verifier;
    delete this.stored.state;
    await this.persist(this.stored);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    await this.persist(this.stored);
  }

  saveCodeVerifier(verifier: string): void {
    this.stored.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.stored.verifier) throw new Error("No sign-in is under way");
    return this.stored.verifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "client") delete this.stored.client;
    if (scope === "all" || scope === "tokens") delete this.stored.tokens;
    if (scope === "all" || scope === "verifier") delete this.stored.verifier;
    await this.persist(this.stored);
  }
}
