import type { AgentSignIn } from "@a2a-chat/contracts";
import { Button } from "../lib/Button.js";
import { CardSignIn, cardSignInTexts, type shownKindOf } from "./CardSignIn.js";
import { Modal } from "./Modal.js";

/** Texts of the card sign-in dialog. */
export const cardSignInDialogTexts = {
  title: (name: string) => `Sign in to ${name}`,
  byHand: "Enter credentials by hand",
  continue: "Continue",
  close: "Close",
} as const;

/** Props of CardSignInDialog. */
export interface CardSignInDialogProps {
  agentId: string;
  name: string;
  signIn: AgentSignIn;
  /** Whether credentials are stored now (then `onContinue` may resume what waited for them). */
  signedIn: boolean;
  onSignedIn: (kind: ReturnType<typeof shownKindOf>, scheme: string) => void;
  /** Switches to the hand-typed credentials and connection check. */
  onByHand: () => void;
  /** Resumes what asked for the sign-in (a task waiting for authorization). */
  onContinue?: (() => void) | undefined;
  onClose: () => void;
}

/**
 * Signing in to an added agent with exactly the schemes its card declares (API key, HTTP
 * bearer/basic, OAuth 2.0, OpenID Connect), opened from the add dialog, the agent's sidebar
 * entry, a send that needs it, and a task waiting for authorization.
 */
export function CardSignInDialog({
  agentId,
  name,
  signIn,
  signedIn,
  onSignedIn,
  onByHand,
  onContinue,
  onClose,
}: CardSignInDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={cardSignInDialogTexts.title(name)}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onByHand}>
            {cardSignInDialogTexts.byHand}
          </Button>
          {signedIn && onContinue ? (
            <Button onClick={onContinue}>{cardSignInDialogTexts.continue}</Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {cardSignInDialogTexts.close}
          </Button>
        </div>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-neutral-300">{cardSignInTexts.intro(name)}</p>
        {signedIn && signIn.scheme ? (
          <p role="status" className="text-xs text-emerald-300">
            {cardSignInTexts.signedIn(signIn.scheme)}
          </p>
        ) : null}
        {signIn.schemes.map((scheme) => (
          <CardSignIn key={scheme.name} agentId={agentId} scheme={scheme} onSignedIn={onSignedIn} />
        ))}
      </div>
    </Modal>
  );
}
