import type { Config } from "../config/schema.js";
import { isLocalhostOrigin, type RelyingParty } from "./relying-party.js";

/** The registered OAuth clients and the exact redirect URIs each may use. */
export class OAuthClients {
  private readonly clients: Map<string, string[]>;

  constructor(
    config: Config,
    private readonly party: RelyingParty,
  ) {
    this.clients = new Map(config.auth.clients.map((client) => [client.id, client.redirectUris]));
  }

  isKnown(clientId: string): boolean {
    return this.clients.has(clientId);
  }

  /**
   * Whether the redirect URI is registered for the client, compared exactly. A registered path
   * ("/auth/callback") stands for that path on this site's origin; without PUBLIC_URL, on any
   * localhost origin.
   */
  allowsRedirect(clientId: string, redirectUri: string): boolean {
    const registered = this.clients.get(clientId) ?? [];
    return registered.some((uri) => {
      if (!uri.startsWith("/")) return uri === redirectUri;
      const origins = this.party.origins;
      if (origins) return origins.some((origin) => `${origin}${uri}` === redirectUri);
      let url: URL;
      try {
        url = new URL(redirectUri);
      } catch {
        return false;
      }
      return isLocalhostOrigin(url.origin) && `${url.origin}${uri}` === redirectUri;
    });
  }
}
