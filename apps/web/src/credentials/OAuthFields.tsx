import { mcpSigningAlgorithms } from "@a2a-chat/contracts";
import { useId } from "react";
import type { CredentialsDraft } from "./credentials-draft.js";

const inputClass =
  "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-600";
const labelClass = "block text-xs font-medium text-neutral-400";

/** What the fields say about OAuth. */
export const oauthHint =
  "After saving, sign in from the server's Connection: you are sent to its sign-in page (PKCE S256), and this server keeps the tokens.";

/** What the fields say about an OAuth client given beforehand. */
export const oauthClientHint =
  "Leave the client empty when the server registers clients itself; otherwise enter the client registered for this site's callback, /api/v1/mcp/external/oauth/callback.";

/** What the fields say about client credentials. */
export const clientCredentialsHint =
  "Machine to machine: this server gets tokens with the client ID and its secret (client_secret_basic) or a private key that signs a JWT assertion (private_key_jwt). Nobody signs in.";

/** What the fields say about cross-app access. */
export const crossAppHint =
  "Enterprise-managed (cross-app access): your ID token from the company's identity provider is exchanged there for a grant to this server's authorization server, which gives the tokens to the client below. This site has no single sign-on of its own, so paste an ID token the identity provider issued to it.";

/** The OAuth grants the user chooses between. */
export const oauthGrantLabels = {
  authorization_code: "Sign in in the browser",
  client_credentials: "Client credentials (machine to machine)",
  cross_app_access: "Cross-app access (enterprise identity provider)",
} as const;

/** OAuth 2.1 fields of a tool server: the grant, the client, its secret or key, the scopes. */
export function OAuthFields({
  draft,
  set,
}: {
  draft: CredentialsDraft;
  set: (patch: Partial<CredentialsDraft>) => void;
}) {
  const grantId = useId();
  const clientIdId = useId();
  const clientSecretId = useId();
  const keyId = useId();
  const algId = useId();
  const scopeId = useId();
  const machine = draft.grant === "client_credentials";
  const crossApp = draft.grant === "cross_app_access";
  return (
    <div className="space-y-2">
      <div className="space-y-1">
        <label htmlFor={grantId} className={labelClass}>
          Grant
        </label>
        <select
          id={grantId}
          value={draft.grant}
          onChange={(event) => set({ grant: event.target.value as CredentialsDraft["grant"] })}
          className={inputClass}
        >
          {Object.entries(oauthGrantLabels).map(([grant, label]) => (
            <option key={grant} value={grant}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-neutral-500">
        {machine ? clientCredentialsHint : crossApp ? crossAppHint : oauthHint}
      </p>
      {crossApp ? <CrossAppFields draft={draft} set={set} /> : null}
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <label htmlFor={clientIdId} className={labelClass}>
            {machine || crossApp ? "Client ID" : "Client ID (optional)"}
          </label>
          <input
            id={clientIdId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.clientId}
            onChange={(event) => set({ clientId: event.target.value })}
            className={inputClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={clientSecretId} className={labelClass}>
            {crossApp ? "Client secret" : "Client secret (optional)"}
          </label>
          <input
            id={clientSecretId}
            type="password"
            autoComplete="off"
            value={draft.clientSecret}
            onChange={(event) => set({ clientSecret: event.target.value })}
            className={inputClass}
          />
        </div>
      </div>
      {machine ? (
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <div className="space-y-1">
            <label htmlFor={keyId} className={labelClass}>
              Private key, PEM (instead of the secret)
            </label>
            <textarea
              id={keyId}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              placeholder="-----BEGIN PRIVATE KEY-----"
              value={draft.privateKey}
              onChange={(event) => set({ privateKey: event.target.value })}
              className={`${inputClass} font-mono text-xs`}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={algId} className={labelClass}>
              Algorithm
            </label>
            <select
              id={algId}
              value={draft.signingAlg}
              onChange={(event) =>
                set({ signingAlg: event.target.value as CredentialsDraft["signingAlg"] })
              }
              className={inputClass}
            >
              {mcpSigningAlgorithms.map((alg) => (
                <option key={alg} value={alg}>
                  {alg}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : crossApp ? null : (
        <p className="text-xs text-neutral-500">{oauthClientHint}</p>
      )}
      <div className="space-y-1">
        <label htmlFor={scopeId} className={labelClass}>
          Scopes (optional)
        </label>
        <input
          id={scopeId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="read write"
          value={draft.scope}
          onChange={(event) => set({ scope: event.target.value })}
          className={inputClass}
        />
      </div>
    </div>
  );
}

/** Cross-app access: the identity provider's token endpoint, this site's client there, the ID token. */
function CrossAppFields({
  draft,
  set,
}: {
  draft: CredentialsDraft;
  set: (patch: Partial<CredentialsDraft>) => void;
}) {
  const endpointId = useId();
  const idpClientId = useId();
  const idTokenId = useId();
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <label htmlFor={endpointId} className={labelClass}>
            Identity provider token endpoint
          </label>
          <input
            id={endpointId}
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={draft.idpTokenEndpoint}
            onChange={(event) => set({ idpTokenEndpoint: event.target.value })}
            className={inputClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={idpClientId} className={labelClass}>
            Client ID at the identity provider
          </label>
          <input
            id={idpClientId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.idpClientId}
            onChange={(event) => set({ idpClientId: event.target.value })}
            className={inputClass}
          />
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={idTokenId} className={labelClass}>
          ID token
        </label>
        <textarea
          id={idTokenId}
          rows={2}
          spellCheck={false}
          autoComplete="off"
          value={draft.idToken}
          onChange={(event) => set({ idToken: event.target.value })}
          className={`${inputClass} font-mono text-xs`}
        />
      </div>
    </div>
  );
}
