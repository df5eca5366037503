import {
  discoverAuthorizationServerMetadata,
  type OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import {
  type AuthorizationServerMetadata,
  OAuthMetadataSchema,
  OpenIdProviderDiscoveryMetadataSchema,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { SchemeAuthorization } from "./card-schemes.js";

/** Why the authorization server of a card's scheme was not found (said to the user). */
export class AgentDiscoveryFailed extends Error {
  override name = "AgentDiscoveryFailed";
}

async function fetchMetadata(
  url: string,
  openId: boolean,
  fetchFn: typeof fetch,
): Promise<AuthorizationServerMetadata> {
  const response = await fetchFn(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new AgentDiscoveryFailed(`${url} answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new AgentDiscoveryFailed(`${url} did not answer JSON`);
  }
  const parsed = (openId ? OpenIdProviderDiscoveryMetadataSchema : OAuthMetadataSchema).safeParse(
    json,
  );
  if (!parsed.success)
    throw new AgentDiscoveryFailed(`${url} is not authorization server metadata`);
  return parsed.data;
}

/**
 * The authorization server of a card's OAuth 2.0 or OpenID Connect scheme, as the SDK's sign-in
 * takes it (so it skips its own discovery from the agent's URL): from the scheme's metadata URL
 * (RFC 8414 or OpenID discovery) when it gives one, else from the scheme's own endpoints, with
 * what the server publishes at its origin (its registration endpoint) where it does.
 */
export async function discoveryFor(
  authorization: SchemeAuthorization,
  fetchFn: typeof fetch,
): Promise<OAuthDiscoveryState> {
  const { metadataUrl, authorizationUrl, tokenUrl, openId } = authorization;
  let metadata: AuthorizationServerMetadata | undefined;
  if (metadataUrl) metadata = await fetchMetadata(metadataUrl, openId, fetchFn);
  else if (authorizationUrl && tokenUrl) {
    const origin = new URL(authorizationUrl).origin;
    const published = await discoverAuthorizationServerMetadata(origin, { fetchFn }).catch(
      () => undefined,
    );
    // The card's endpoints are the ones the agent trusts; the rest fills in from the server.
    metadata = {
      ...(published ?? {
        issuer: origin,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
      }),
      authorization_endpoint: authorizationUrl,
      token_endpoint: tokenUrl,
    } as AuthorizationServerMetadata;
  } else throw new AgentDiscoveryFailed("the scheme names no authorization server");
  const issuer = metadata.issuer || new URL(metadata.authorization_endpoint).origin;
  return { authorizationServerUrl: issuer, authorizationServerMetadata: metadata };
}
