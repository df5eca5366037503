import type { ConnectionCheck } from "@a2a-chat/contracts";
import { useState } from "react";
import { Modal } from "../agents/Modal.js";
import { Button } from "../lib/Button.js";
import { ConnectionSteps } from "./ConnectionSteps.js";
import { CredentialsFields } from "./CredentialsFields.js";
import { checkConnection, replaceCredentials, startOAuthSignIn } from "./credentials-api.js";
import {
  type CredentialKind,
  type CredentialsDraft,
  draftToCredentials,
  emptyDraft,
} from "./credentials-draft.js";

/** Texts of the credentials dialog. */
export const credentialsDialogTexts = {
  title: (name: string) => `Connection of ${name}`,
  saved: "Credentials saved.",
  save: "Save credentials",
  check: "Check connection",
  checking: "Checking...",
  signIn: "Sign in with OAuth",
  signedIn: "Signed in: the server holds valid tokens.",
} as const;

/** Props of CredentialsDialog. */
export interface CredentialsDialogProps {
  /** The agent's or server's name. */
  name: string;
  /** Its API path: /api/v1/agents/external/{id} or /api/v1/mcp/external/{id}. */
  base: string;
  /** The kind of credentials stored now (their values are never shown). */
  storedKind?: CredentialKind | undefined;
  onClose: () => void;
  /** Offers OAuth 2.1 sign-in (tool servers). */
  allowOAuth?: boolean;
  /** Called with the kind stored after a save. */
  onSaved?: (kind: CredentialKind) => void;
  /** Said above the fields: why the credentials are asked for. */
  intro?: string | undefined;
}

/**
 * Replaces an added agent's or tool server's credentials (none, bearer, API key header, custom
 * headers; values write-only) and checks the connection, showing which step failed.
 */
export function CredentialsDialog({
  name,
  base,
  storedKind,
  onClose,
  onSaved,
  allowOAuth = false,
  intro,
}: CredentialsDialogProps) {
  const [draft, setDraft] = useState<CredentialsDraft>(emptyDraft(storedKind ?? "none"));
  const [stored, setStored] = useState(storedKind);
  const [busy, setBusy] = useState<"save" | "check" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);

  const save = async () => {
    const built = draftToCredentials(draft);
    if ("error" in built) {
      setError(built.error);
      return;
    }
    setBusy("save");
    setError(null);
    setNotice(null);
    try {
      const kind = await replaceCredentials(base, built.credentials);
      setStored(kind);
      // Write-only: the typed values are dropped once saved.
      setDraft(emptyDraft(kind));
      setNotice(credentialsDialogTexts.saved);
      setCheck(null);
      onSaved?.(kind);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  const signIn = async () => {
    setBusy("save");
    setError(null);
    try {
      const url = await startOAuthSignIn(base);
      if (url) window.location.assign(url);
      else setNotice(credentialsDialogTexts.signedIn);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  const runCheck = async () => {
    setBusy("check");
    setError(null);
    setCheck(null);
    try {
      setCheck(await checkConnection(base));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open onClose={onClose} title={credentialsDialogTexts.title(name)}>
      <form
        aria-label={credentialsDialogTexts.title(name)}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {intro ? <p className="text-sm text-neutral-300">{intro}</p> : null}
        <CredentialsFields
          draft={draft}
          onChange={setDraft}
          disabled={busy !== null}
          storedKind={stored}
          allowOAuth={allowOAuth}
        />
        {error ? (
          <p role="alert" className="text-xs text-red-400">
            {error}
          </p>
        ) : null}
        {notice ? <p className="text-xs text-emerald-300">{notice}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          {stored === "oauth" && draft.kind === "oauth" ? (
            <Button variant="secondary" disabled={busy !== null} onClick={() => void signIn()}>
              {credentialsDialogTexts.signIn}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={busy !== null} onClick={() => void runCheck()}>
            {busy === "check" ? credentialsDialogTexts.checking : credentialsDialogTexts.check}
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {credentialsDialogTexts.save}
          </Button>
        </div>
        {check ? <ConnectionSteps check={check} /> : null}
      </form>
    </Modal>
  );
}
