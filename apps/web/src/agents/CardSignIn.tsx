import type { AgentSignInBody, CardScheme } from "@a2a-chat/contracts";
import { type FormEvent, useId, useState } from "react";
import { signInToAgent } from "../api/agent-sign-in-api.js";
import { Button } from "../lib/Button.js";

/** Texts of signing in to an added agent from its card. */
export const cardSignInTexts = {
  intro: (name: string) => `${name} declares how to sign in to it. Choose one:`,
  apiKey: (scheme: CardScheme & { type: "apiKey" }) =>
    `API key ${scheme.key_name} (sent in the ${scheme.location})`,
  bearer: "Bearer token",
  oauthTitle: (name: string) => `OAuth 2.0 (${name})`,
  openIdTitle: (name: string) => `OpenID Connect (${name})`,
  basic: "Username and password (HTTP basic)",
  oauth: (name: string) => `Sign in with ${name}`,
  oauthHint:
    "You go to the agent's sign-in page and come back here; this server keeps the tokens and refreshes them.",
  clientId: "Client ID (only if the agent's sign-in server does not register clients itself)",
  clientSecret: "Client secret (optional)",
  unsupported: "This scheme cannot be signed in to here.",
  save: "Sign in",
  signedIn: (scheme: string) => `Signed in with ${scheme}.`,
} as const;

/** The kind of credentials the server shows once a scheme is signed in to at once. */
export function shownKindOf(scheme: CardScheme): "api_key" | "bearer" | "basic" | "oauth" {
  if (scheme.type === "apiKey") return "api_key";
  if (scheme.type === "http") return scheme.scheme === "basic" ? "basic" : "bearer";
  return "oauth";
}

const inputClass =
  "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-600";
const labelClass = "block text-xs font-medium text-neutral-400";

/** Props of CardSignIn. */
export interface CardSignInProps {
  /** The added agent's id on this server. */
  agentId: string;
  scheme: CardScheme;
  /** Stored at once (API key, HTTP): the kind now stored, and the scheme's name. */
  onSignedIn: (kind: ReturnType<typeof shownKindOf>, scheme: string) => void;
  /** OAuth: goes to the authorization server's page (window.location by default). */
  onRedirect?: (url: string) => void;
}

/**
 * One of an added agent's card schemes, as a small form: a key, a token, a username and
 * password, or a button that sends the user to the agent's sign-in page (OAuth 2.0 with PKCE,
 * OpenID Connect). Values are write-only.
 */
export function CardSignIn({ agentId, scheme, onSignedIn, onRedirect }: CardSignInProps) {
  const [value, setValue] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = {
    value: useId(),
    user: useId(),
    password: useId(),
    client: useId(),
    secret: useId(),
  };
  const oauth = scheme.type === "oauth2" || scheme.type === "openIdConnect";
  const basic = scheme.type === "http" && scheme.scheme === "basic";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body: AgentSignInBody = { scheme: scheme.name };
    if (oauth) {
      if (clientId.trim()) body.client_id = clientId.trim();
      if (clientSecret) body.client_secret = clientSecret;
    } else if (basic) {
      body.username = username;
      if (password) body.password = password;
    } else if (value) body.value = value;
    try {
      const result = await signInToAgent(agentId, body);
      setValue("");
      setPassword("");
      setClientSecret("");
      if (result.status === "redirect")
        (onRedirect ?? ((url: string) => window.location.assign(url)))(result.authorization_url);
      else onSignedIn(shownKindOf(scheme), scheme.name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const title =
    scheme.type === "apiKey"
      ? cardSignInTexts.apiKey(scheme)
      : scheme.type === "http"
        ? basic
          ? cardSignInTexts.basic
          : cardSignInTexts.bearer
        : scheme.type === "oauth2"
          ? cardSignInTexts.oauthTitle(scheme.name)
          : scheme.type === "openIdConnect"
            ? cardSignInTexts.openIdTitle(scheme.name)
            : scheme.name;

  return (
    <form
      aria-label={`Sign in with ${scheme.name}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-2 rounded-md border border-border p-3"
    >
      <p className="text-sm font-medium text-neutral-100">{title}</p>
      {scheme.description ? <p className="text-xs text-neutral-400">{scheme.description}</p> : null}
      {!scheme.signable ? (
        <p className="text-xs text-neutral-400">{cardSignInTexts.unsupported}</p>
      ) : (
        <fieldset className="space-y-2" disabled={busy}>
          {oauth ? (
            <>
              <p className="text-xs text-neutral-400">{cardSignInTexts.oauthHint}</p>
              <label htmlFor={ids.client} className={labelClass}>
                {cardSignInTexts.clientId}
              </label>
              <input
                id={ids.client}
                className={inputClass}
                value={clientId}
                autoComplete="off"
                onChange={(e) => setClientId(e.target.value)}
              />
              {clientId.trim() ? (
                <>
                  <label htmlFor={ids.secret} className={labelClass}>
                    {cardSignInTexts.clientSecret}
                  </label>
                  <input
                    id={ids.secret}
                    type="password"
                    className={inputClass}
                    value={clientSecret}
                    autoComplete="off"
                    onChange={(e) => setClientSecret(e.target.value)}
                  />
                </>
              ) : null}
            </>
          ) : basic ? (
            <>
              <label htmlFor={ids.user} className={labelClass}>
                Username
              </label>
              <input
                id={ids.user}
                className={inputClass}
                value={username}
                autoComplete="off"
                onChange={(e) => setUsername(e.target.value)}
              />
              <label htmlFor={ids.password} className={labelClass}>
                Password
              </label>
              <input
                id={ids.password}
                type="password"
                className={inputClass}
                value={password}
                autoComplete="off"
                onChange={(e) => setPassword(e.target.value)}
              />
            </>
          ) : (
            <>
              <label htmlFor={ids.value} className={labelClass}>
                {scheme.type === "apiKey" ? "Key" : "Token"}
              </label>
              <input
                id={ids.value}
                type="password"
                className={inputClass}
                value={value}
                autoComplete="off"
                onChange={(e) => setValue(e.target.value)}
              />
            </>
          )}
          {error ? (
            <p role="alert" className="text-xs text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" className="px-3 py-1.5">
              {oauth ? cardSignInTexts.oauth(scheme.name) : cardSignInTexts.save}
            </Button>
          </div>
        </fieldset>
      )}
    </form>
  );
}
