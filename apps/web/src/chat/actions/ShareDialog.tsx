import type { ShareRecord } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { createShare, listShares, revokeShare } from "../../api/conversations-api.js";
import { toApiError } from "../../lib/api-error.js";
import { Button } from "../../lib/Button.js";

/** Texts of the share dialog. */
export const shareTexts = {
  title: "Share a read-only link",
  explain:
    "Anyone with the link sees this conversation as it is now, without signing in. Later messages are not shown. Revoke a link to close it.",
  create: "Create link",
  copy: "Copy",
  copied: "Copied",
  revoke: "Revoke",
  listTitle: "Your shared links",
  none: "You have no shared links.",
} as const;

const fullUrl = (share: ShareRecord) => `${window.location.origin}${share.path}`;

/** Creates share links for a conversation and lists (and revokes) all of the user's links. */
export function ShareDialog({
  contextId,
  open,
  onClose,
}: {
  contextId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [shares, setShares] = useState<ShareRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const fail = (failure: unknown) => setError(toApiError(failure).message);

  useEffect(() => {
    if (!open) return;
    setError(null);
    listShares()
      .then(setShares)
      .catch((failure: unknown) => setError(toApiError(failure).message));
  }, [open]);

  const create = () => {
    createShare(contextId)
      .then((share) => setShares((list) => [share, ...(list ?? [])]))
      .catch(fail);
  };
  const revoke = (id: string) => {
    revokeShare(id)
      .then(() => setShares((list) => (list ?? []).filter((share) => share.id !== id)))
      .catch(fail);
  };
  const copy = (share: ShareRecord) => {
    navigator.clipboard
      .writeText(fullUrl(share))
      .then(() => setCopied(share.id))
      .catch(fail);
  };

  return (
    <Modal open={open} onClose={onClose} title={shareTexts.title} size="lg">
      <p className="text-sm text-neutral-300">{shareTexts.explain}</p>
      <Button className="mt-3" onClick={create}>
        {shareTexts.create}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      )}
      <h3 className="mt-4 text-sm font-semibold">{shareTexts.listTitle}</h3>
      {shares?.length === 0 && <p className="text-sm text-neutral-400">{shareTexts.none}</p>}
      <ul aria-label={shareTexts.listTitle} className="mt-2 flex flex-col gap-2">
        {(shares ?? []).map((share) => (
          <li key={share.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{share.name}</span>
            <input
              readOnly
              aria-label={`Link to ${share.name}`}
              value={fullUrl(share)}
              className="min-w-0 flex-1 rounded border border-border bg-surface px-2 py-1 text-xs"
            />
            <Button variant="secondary" onClick={() => copy(share)}>
              {copied === share.id ? shareTexts.copied : shareTexts.copy}
            </Button>
            <Button variant="secondary" onClick={() => revoke(share.id)}>
              {shareTexts.revoke}
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
