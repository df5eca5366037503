import {
  externalMcpCredentialTexts,
  type McpCredentials,
  type mcpOAuthGrants,
  type mcpSigningAlgorithms,
} from "@a2a-chat/contracts";

/** Ways to authenticate to an agent or tool server the user added. */
export const credentialKinds = [
  { kind: "none", label: "None" },
  { kind: "bearer", label: "Bearer token" },
  { kind: "api_key", label: "API key header" },
  { kind: "headers", label: "Custom headers" },
  { kind: "oauth", label: "OAuth 2.1 (sign in)" },
] as const;

/** One kind of credentials (OAuth for tool servers only). */
export type CredentialKind = McpCredentials["kind"];

/** What the credential fields hold while the user types (values are never filled in from the server). */
export interface CredentialsDraft {
  kind: CredentialKind;
  token: string;
  header: string;
  value: string;
  headers: { name: string; value: string }[];
  /** OAuth: a client registered beforehand (for servers without dynamic registration). */
  clientId: string;
  clientSecret: string;
  /** OAuth: the scopes to ask for, space-separated; empty asks for the server's default. */
  scope: string;
  /** OAuth: browser sign-in, or client credentials (machine to machine). */
  grant: (typeof mcpOAuthGrants)[number];
  /** OAuth client credentials: a PEM private key instead of the secret (private_key_jwt). */
  privateKey: string;
  signingAlg: (typeof mcpSigningAlgorithms)[number];
  /** OAuth cross-app access: the identity provider's token endpoint, client, and ID token. */
  idpTokenEndpoint: string;
  idpClientId: string;
  idToken: string;
}

/** An empty draft of the given kind. */
export function emptyDraft(kind: CredentialKind = "none"): CredentialsDraft {
  return {
    kind,
    token: "",
    header: "X-API-Key",
    value: "",
    headers: [{ name: "", value: "" }],
    clientId: "",
    clientSecret: "",
    scope: "",
    grant: "authorization_code",
    privateKey: "",
    signingAlg: "ES256",
    idpTokenEndpoint: "",
    idpClientId: "",
    idToken: "",
  };
}

/** Texts of the credential fields. */
export const credentialTexts = {
  tokenRequired: "Token is required",
  headerRequired: "Header name is required",
  valueRequired: "Value is required",
  headersRequired: "Add at least one header",
  headerIncomplete: "Each header needs a name and a value",
  secretWithoutClient: externalMcpCredentialTexts.secretWithoutClient,
  keyWithoutClient: externalMcpCredentialTexts.keyWithoutClient,
  clientCredentialsNeedClient: externalMcpCredentialTexts.clientCredentialsNeedClient,
  clientCredentialsNeedSecret: externalMcpCredentialTexts.clientCredentialsNeedSecret,
  secretOrKey: externalMcpCredentialTexts.secretOrKey,
  crossAppNeeds: externalMcpCredentialTexts.crossAppNeeds,
} as const;

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/** The credentials the draft describes, or the first problem with it. */
export function draftToCredentials(
  draft: CredentialsDraft,
): { credentials: McpCredentials } | { error: string } {
  switch (draft.kind) {
    case "none":
      return { credentials: { kind: "none" } };
    case "oauth": {
      const clientId = draft.clientId.trim();
      const scope = draft.scope.trim();
      if (draft.grant === "cross_app_access") {
        const idp = {
          idp_token_endpoint: draft.idpTokenEndpoint.trim(),
          idp_client_id: draft.idpClientId.trim(),
          id_token: draft.idToken.trim(),
        };
        if (!clientId || !draft.clientSecret || Object.values(idp).some((value) => !value))
          return { error: credentialTexts.crossAppNeeds };
        return {
          credentials: {
            kind: "oauth",
            grant: "cross_app_access",
            ...(scope ? { scope } : {}),
            client_id: clientId,
            client_secret: draft.clientSecret,
            ...idp,
          },
        };
      }
      const machine = draft.grant === "client_credentials";
      const privateKey = machine ? draft.privateKey.trim() : "";
      if (machine && !clientId) return { error: credentialTexts.clientCredentialsNeedClient };
      if (draft.clientSecret && !clientId) return { error: credentialTexts.secretWithoutClient };
      if (privateKey && draft.clientSecret) return { error: credentialTexts.secretOrKey };
      if (machine && !privateKey && !draft.clientSecret)
        return { error: credentialTexts.clientCredentialsNeedSecret };
      return {
        credentials: {
          kind: "oauth",
          ...(scope ? { scope } : {}),
          ...(machine ? { grant: "client_credentials" as const } : {}),
          ...(clientId ? { client_id: clientId } : {}),
          ...(clientId && draft.clientSecret ? { client_secret: draft.clientSecret } : {}),
          ...(privateKey ? { private_key: privateKey, signing_alg: draft.signingAlg } : {}),
        },
      };
    }
    case "bearer":
      return draft.token.trim()
        ? { credentials: { kind: "bearer", token: draft.token.trim() } }
        : { error: credentialTexts.tokenRequired };
    case "api_key": {
      if (!headerName.test(draft.header.trim())) return { error: credentialTexts.headerRequired };
      if (!draft.value.trim()) return { error: credentialTexts.valueRequired };
      return {
        credentials: { kind: "api_key", header: draft.header.trim(), value: draft.value.trim() },
      };
    }
    case "headers": {
      const rows = draft.headers.filter((row) => row.name.trim() || row.value.trim());
      if (rows.length === 0) return { error: credentialTexts.headersRequired };
      if (rows.some((row) => !headerName.test(row.name.trim()) || !row.value.trim()))
        return { error: credentialTexts.headerIncomplete };
      return {
        credentials: {
          kind: "headers",
          headers: Object.fromEntries(rows.map((row) => [row.name.trim(), row.value.trim()])),
        },
      };
    }
  }
}
