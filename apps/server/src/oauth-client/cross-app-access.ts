import type { OAuthState } from "./oauth-state.js";

const tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange";
const idJag = "urn:ietf:params:oauth:token-type:id-jag";
const idToken = "urn:ietf:params:oauth:token-type:id_token";
/** The grant the authorization server takes the identity assertion by (RFC 7523). */
export const jwtBearerGrant = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * Cross-app access (enterprise-managed authorization, SEP-990), first step: the user's ID token
 * is exchanged at the enterprise identity provider (RFC 8693 token exchange) for an identity
 * assertion JWT authorization grant (ID-JAG) for this authorization server (`audience`) and MCP
 * server (`resource`). Answers the grant; throws with the provider's reason when refused.
 */
export async function identityAssertion(
  idp: NonNullable<OAuthState["idp"]>,
  target: { audience: string; resource: string; scope?: string },
  fetchFn: typeof fetch,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: tokenExchange,
    requested_token_type: idJag,
    subject_token: idp.id_token,
    subject_token_type: idToken,
    audience: target.audience,
    resource: target.resource,
    client_id: idp.client_id,
  });
  if (idp.client_secret) body.set("client_secret", idp.client_secret);
  if (target.scope) body.set("scope", target.scope);
  const response = await fetchFn(idp.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
  });
  const answer = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    issued_token_type?: unknown;
    error?: unknown;
  };
  if (!response.ok || typeof answer.access_token !== "string")
    throw new Error(
      `the identity provider refused the token exchange (${typeof answer.error === "string" ? answer.error : `HTTP ${response.status}`})`,
    );
  if (answer.issued_token_type !== idJag)
    throw new Error("the identity provider did not issue an identity assertion grant (ID-JAG)");
  return answer.access_token;
}
