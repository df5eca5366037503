import { randomBytes, timingSafeEqual } from "node:crypto";
import type {
  AddClientAuthentication,
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateKeyJwtAuth } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { identityAssertion, jwtBearerGrant } from "./cross-app-access.js";
import type { OAuthState } from "./oauth-state.js";

/** Why the provider writes its state: fresh tokens from the authorization server, or else. */
export type PersistReason = "tokens" | "other";

/** What this site says of itself as an OAuth client (registration and its metadata document). */
export function clientMetadataOf(redirect: string, scope?: string): OAuthClientMetadata {
  return {
    client_name: "A2A Chat",
    redirect_uris: [redirect],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    ...(scope ? { scope } : {}),
  };
}

/** The scopes of both lists, once each, in order. */
export function scopeUnion(...lists: (string | undefined)[]): string | undefined {
  const all = new Set(lists.flatMap((list) => (list ?? "").split(" ").filter(Boolean)));
  return all.size ? [...all].join(" ") : undefined;
}

/** How a provider is used: to sign in (the user is there) or by a call (nobody to redirect). */
export interface ProviderOptions {
  /** The HTTPS URL of the client ID metadata document, when this site offers one. */
  clientMetadataUrl?: string;
  /**
   * "call": a call met a 401 or 403 the tokens cannot answer; a sign-in it would start is
   * recorded as needed (with the scopes it asked for) for the user to do.
   */
  use?: "sign_in" | "call";
  /** Sign in anew (more scopes are needed): the stored tokens are not refreshed. */
  fresh?: boolean;
  /** The MCP server's URL (the resource, when its metadata does not name one). */
  resource?: string;
  /** The guarded fetch, for cross-app access's token exchange at the identity provider. */
  fetchFn?: typeof fetch;
}

/**
 * The MCP SDK's OAuth client provider for one user-added server, kept on the server: the
 * client registered dynamically, the tokens, and the PKCE verifier and state of a sign-in under
 * way live in the row's encrypted credentials (`persist` writes them back). The state names the
 * row (`{id}.{random}`), so the callback finds it without the user's session. `persist` answers
 * the stored state instead when another replica changed the row first (see oauth-refresh.ts).
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** Where the user must go to sign in, once the SDK asked for it. */
  authorizationUrl: URL | undefined;

  private readonly options: ProviderOptions;
  /** For client_credentials with a private key: signs the client assertion (RFC 7523). */
  readonly addClientAuthentication?: AddClientAuthentication;

  constructor(
    private readonly stored: OAuthState,
    private readonly rowId: string,
    private readonly redirect: string,
    private readonly persist: (
      state: OAuthState,
      reason: PersistReason,
    ) => Promise<OAuthState | undefined>,
    options: ProviderOptions = {},
  ) {
    this.options = { ...options };
    // Whatever this provider writes ends a refresh it was made for.
    delete this.stored.refreshing_until;
    const clientId = stored.client?.client_id;
    if (stored.private_key && clientId)
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: clientId,
        subject: clientId,
        privateKey: stored.private_key,
        alg: stored.signing_alg ?? "ES256",
      });
  }

  /** The scopes a call needed that a sign-in must ask for, when it was for scopes. */
  get neededScope(): string | undefined {
    return this.stored.needs_scope || undefined;
  }

  /**
   * A call was refused for want of scopes: the tokens are not refreshed (that would not add
   * them) and the sign-in the SDK then starts is recorded as needed, asking for these too.
   */
  insufficientScope(scope: string | undefined): void {
    if (this.options.use !== "call") return;
    this.options.fresh = true;
    this.stored.needs_scope = scopeUnion(this.stored.tokens?.scope, scope) ?? "";
  }

  /** Machine to machine: no browser, tokens by client_credentials or cross-app access. */
  private get machine(): boolean {
    return this.stored.grant !== undefined;
  }

  /** Writes the state; when another replica wrote first, its state is taken instead. */
  private async save(reason: PersistReason): Promise<void> {
    const winner = await this.persist(this.stored, reason);
    if (!winner) return;
    for (const key of Object.keys(this.stored) as (keyof OAuthState)[])
      if (key !== "kind") delete this.stored[key];
    Object.assign(this.stored, winner);
  }

  get redirectUrl(): string | undefined {
    return this.machine ? undefined : this.redirect;
  }

  get clientMetadataUrl(): string | undefined {
    return this.machine ? undefined : this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    if (!this.machine) return clientMetadataOf(this.redirect, this.stored.scope);
    return {
      client_name: "A2A Chat",
      redirect_uris: [],
      grant_types: [
        this.stored.grant === "cross_app_access" ? jwtBearerGrant : "client_credentials",
      ],
      token_endpoint_auth_method: this.stored.private_key
        ? "private_key_jwt"
        : "client_secret_basic",
      ...(this.stored.scope ? { scope: this.stored.scope } : {}),
    };
  }

  /**
   * The machine grants' token request: client_credentials, or the JWT bearer grant with an
   * identity assertion from the identity provider, made for the authorization server and the
   * resource discovery found (cross-app access). Undefined for the browser's grants.
   */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (!this.machine) return undefined;
    const { idp, discovery } = this.stored;
    if (this.stored.grant !== "cross_app_access" || !idp) {
      const params = new URLSearchParams({ grant_type: "client_credentials" });
      if (scope) params.set("scope", scope);
      return params;
    }
    const audience =
      discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl ?? "";
    const resource = discovery?.resourceMetadata?.resource ?? this.options.resource ?? "";
    const assertion = await identityAssertion(
      idp,
      { audience, resource, ...(scope ? { scope } : {}) },
      this.options.fetchFn ?? fetch,
    );
    const params = new URLSearchParams({ grant_type: jwtBearerGrant, assertion });
    if (scope) params.set("scope", scope);
    return params;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.stored.discovery;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.stored.discovery = state;
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
    return this.options.fresh ? undefined : this.stored.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    this.stored.tokens = tokens;
    if (tokens.expires_in !== undefined)
      this.stored.expires_at = Date.now() + tokens.expires_in * 1000;
    else delete this.stored.expires_at;
    delete this.stored.verifier;
    delete this.stored.state;
    delete this.stored.needs_scope;
    await this.save("tokens");
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    // A call cannot send anyone to sign in: what it would ask for waits for the user.
    if (this.options.use === "call") {
      this.stored.needs_scope =
        scopeUnion(this.stored.needs_scope, url.searchParams.get("scope") ?? undefined) ?? "";
      delete this.stored.verifier;
      delete this.stored.state;
    }
    await this.save("other");
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
    if (scope === "all" || scope === "tokens") {
      delete this.stored.tokens;
      delete this.stored.expires_at;
    }
    if (scope === "all" || scope === "verifier") delete this.stored.verifier;
    if (scope === "all" || scope === "discovery") delete this.stored.discovery;
    await this.save("other");
  }
}
