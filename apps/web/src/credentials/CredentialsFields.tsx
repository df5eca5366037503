import { useId } from "react";
import {
  type CredentialKind,
  type CredentialsDraft,
  credentialKinds,
} from "./credentials-draft.js";
import { OAuthFields } from "./OAuthFields.js";

/** Props of CredentialsFields. */
export interface CredentialsFieldsProps {
  draft: CredentialsDraft;
  onChange: (draft: CredentialsDraft) => void;
  disabled?: boolean;
  /** Said under the kind when credentials are already stored (their values are never shown). */
  storedKind?: CredentialKind | undefined;
  /** Offers OAuth 2.1 sign-in (tool servers; agents do not have it). */
  allowOAuth?: boolean;
}

const inputClass =
  "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-600";
const labelClass = "block text-xs font-medium text-neutral-400";

/** What the fields say about credentials already stored. */
export const storedCredentialsText = (label: string) =>
  `Stored: ${label}. Values are never shown; enter new ones to replace them.`;

/**
 * Authentication of an agent or tool server the user added: none, bearer token, API key header or
 * custom headers. Secret values are write-only: typed here, sent to the server, never shown back.
 */
export function CredentialsFields({
  draft,
  onChange,
  disabled,
  storedKind,
  allowOAuth = false,
}: CredentialsFieldsProps) {
  const kindId = useId();
  const tokenId = useId();
  const headerId = useId();
  const valueId = useId();
  const set = (patch: Partial<CredentialsDraft>) => onChange({ ...draft, ...patch });
  const setHeader = (index: number, patch: Partial<CredentialsDraft["headers"][number]>) =>
    set({ headers: draft.headers.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const stored = credentialKinds.find((k) => k.kind === storedKind);

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <label htmlFor={kindId} className={labelClass}>
        Authentication
      </label>
      <select
        id={kindId}
        value={draft.kind}
        onChange={(event) => set({ kind: event.target.value as CredentialKind })}
        className={inputClass}
      >
        {credentialKinds
          .filter((k) => allowOAuth || k.kind !== "oauth")
          .map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
      </select>
      {stored && stored.kind !== "none" ? (
        <p className="text-xs text-neutral-500">{storedCredentialsText(stored.label)}</p>
      ) : null}
      {draft.kind === "oauth" ? <OAuthFields draft={draft} set={set} /> : null}
      {draft.kind === "bearer" ? (
        <div className="space-y-1">
          <label htmlFor={tokenId} className={labelClass}>
            Token
          </label>
          <input
            id={tokenId}
            type="password"
            autoComplete="off"
            value={draft.token}
            onChange={(event) => set({ token: event.target.value })}
            className={inputClass}
          />
        </div>
      ) : null}
      {draft.kind === "api_key" ? (
        <div className="grid grid-cols-2 gap-2">
          <div className="space-y-1">
            <label htmlFor={headerId} className={labelClass}>
              Header name
            </label>
            <input
              id={headerId}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={draft.header}
              onChange={(event) => set({ header: event.target.value })}
              className={inputClass}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={valueId} className={labelClass}>
              API key
            </label>
            <input
              id={valueId}
              type="password"
              autoComplete="off"
              value={draft.value}
              onChange={(event) => set({ value: event.target.value })}
              className={inputClass}
            />
          </div>
        </div>
      ) : null}
      {draft.kind === "headers" ? (
        <div className="space-y-2">
          {draft.headers.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <div key={index} className="grid grid-cols-[1fr_1fr_auto] gap-2">
              <input
                aria-label={`Header ${index + 1} name`}
                type="text"
                autoComplete="off"
                spellCheck={false}
                placeholder="Header name"
                value={row.name}
                onChange={(event) => setHeader(index, { name: event.target.value })}
                className={inputClass}
              />
              <input
                aria-label={`Header ${index + 1} value`}
                type="password"
                autoComplete="off"
                placeholder="Value"
                value={row.value}
                onChange={(event) => setHeader(index, { value: event.target.value })}
                className={inputClass}
              />
              <button
                type="button"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => set({ headers: draft.headers.filter((_, i) => i !== index) })}
                className="rounded px-2 text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => set({ headers: [...draft.headers, { name: "", value: "" }] })}
            className="text-xs text-primary-300 hover:underline"
          >
            Add header
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
