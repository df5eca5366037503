import { randomBytes, timingSafeEqual } from "node:crypto";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthState } from "./oauth-state.js";

/** Why the provider writes its state: fresh tokens from the authorization server, or else. */
export type PersistReason = "tokens" | "other";

/**
 * The MCP SDK's OAuth client provider for one user-added MCP server or agent, kept on the
 * server: the client registered dynamically, the tokens, and the PKCE verifier and state of a
 * sign-in under way live in the row's encrypted credentials (`persist` writes them back). The
 * state names the row (`{id}.{random}`), so the callback finds it without the user's session.
 * `persist` answers the stored state instead when another replica changed the row first (see
 * oauth-refresh.ts). Discovery known beforehand (an agent card's scheme) is handed to the SDK.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** Where the user must go to sign in, once the SDK asked for it. */
  authorizationUrl: URL | undefined;

  constructor(
    private readonly stored: OAuthState,
    private readonly rowId: string,
    private readonly redirect: string,
    private readonly persist: (
      state: OAuthState,
      reason: PersistReason,
    ) => Promise<OAuthState | undefined>,
  ) {
    // Whatever this provider writes ends a refresh it was made for.
    delete this.stored.refreshing_until;
  }

  /** Writes the state; when another replica wrote first, its state is taken instead. */
  private async save(reason: PersistReason): Promise<void> {
    const winner = await this.persist(this.stored, reason);
    if (!winner) return;
    for (const key of Object.keys(this.stored) as (keyof OAuthState)[])
      if (key !== "kind") delete this.stored[key];
    Object.assign(this.stored, winner);
  }

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
    await this.save("other");
  }

  tokens(): OAuthTokens | undefined {
    return this.stored.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stored.tokens = tokens;
    if (tokens.expires_in !== undefined)
      this.stored.expires_at = Date.now() + tokens.expires_in * 1000;
    else delete this.stored.expires_at;
    delete this.stored.verifier;
    delete this.stored.state;
    await this.save("tokens");
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    await this.save("other");
  }

  saveCodeVerifier(verifier: string): void {
    this.stored.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.stored.verifier) throw new Error("No sign-in is under way");
    return this.stored.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.stored.discovery;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    // Only discovery known beforehand is kept: an MCP server's is found again at each sign-in.
    if (this.stored.discovery) this.stored.discovery = state;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "client") delete this.stored.client;
    if (scope === "all" || scope === "tokens") {
      delete this.stored.tokens;
      delete this.stored.expires_at;
    }
    if (scope === "all" || scope === "verifier") delete this.stored.verifier;
    await this.save("other");
  }
}
