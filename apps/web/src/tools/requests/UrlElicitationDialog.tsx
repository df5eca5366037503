import type { ElicitationAnswer, McpRequest } from "@a2a-chat/contracts";
import { useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { Button } from "../../lib/Button.js";
import { ElicitationButtons } from "./ElicitationButtons.js";
import { linkDomain, requestTexts, thenRetryMetaKey } from "./request-texts.js";

/**
 * A server's URL-mode elicitation: the message, the domain the link goes to (large, so a
 * look-alike stands out) and the whole link; nothing opens until the user chooses Open. A link
 * a call needs before it is tried again (the server answered -32042) opens first, then waits
 * for Done.
 */
export function UrlElicitationDialog({
  request,
  onAnswer,
  busy,
  openLink = (url) => window.open(url, "_blank", "noopener,noreferrer"),
}: {
  request: McpRequest;
  onAnswer: (answer: ElicitationAnswer) => void;
  busy: boolean;
  openLink?: (url: string) => void;
}) {
  const url = typeof request.params.url === "string" ? request.params.url : "";
  const domain = linkDomain(url);
  const message = typeof request.params.message === "string" ? request.params.message : "";
  const meta = request.params._meta as Record<string, unknown> | undefined;
  const thenRetry = meta?.[thenRetryMetaKey] === true;
  const [opened, setOpened] = useState(false);
  const open = () => {
    if (!domain) return;
    openLink(url);
    if (thenRetry) setOpened(true);
    else onAnswer({ action: "accept" });
  };
  return (
    <Modal
      open
      onClose={() => onAnswer({ action: "cancel" })}
      title={requestTexts.urlTitle(request.server_name)}
      footer={
        <ElicitationButtons busy={busy} onAnswer={onAnswer}>
          {opened ? (
            <Button disabled={busy} onClick={() => onAnswer({ action: "accept" })}>
              {requestTexts.done}
            </Button>
          ) : (
            <Button disabled={busy || !domain} onClick={open}>
              {domain ? requestTexts.open(domain) : requestTexts.accept}
            </Button>
          )}
        </ElicitationButtons>
      }
    >
      {message ? <p className="mb-4 text-sm text-neutral-300">{message}</p> : null}
      {domain ? (
        <>
          <p className="text-sm text-neutral-400">{requestTexts.opensDomain}</p>
          <p className="mb-2 text-xl font-semibold text-neutral-100" data-testid="link-domain">
            {domain}
          </p>
          <p className="break-all font-mono text-xs text-neutral-400">{url}</p>
          {opened ? (
            <p role="status" className="mt-4 text-sm text-neutral-200">
              {requestTexts.finishThere(domain)}
            </p>
          ) : null}
        </>
      ) : (
        <p role="alert" className="text-sm text-red-300">
          {requestTexts.badUrl}
        </p>
      )}
    </Modal>
  );
}
