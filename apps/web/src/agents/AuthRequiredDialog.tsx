import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "../lib/Button.js";
import { useAuthStore } from "../stores/auth-store.js";
import { Modal } from "./Modal.js";

/** Props of AuthRequiredDialog. */
export interface AuthRequiredDialogProps {
  open: boolean;
  /** The agent (or other resource) that needs a signed-in user. */
  agentName: string;
  /** What agentName names, for the prompt's wording: 'agent' unless told otherwise. */
  subject?: string;
  onClose: () => void;
  /** Runs once the user has signed in while the dialog is open (then the dialog closes). */
  onAuthenticated?: () => void;
  /** The sign-in form, when one is available. */
  children?: ReactNode;
}

/** Tells the user that an agent needs them signed in with a passkey (core spec §2.8). */
export function AuthRequiredDialog({
  open,
  agentName,
  subject = "agent",
  onClose,
  onAuthenticated,
  children,
}: AuthRequiredDialogProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const wasAuthenticated = useRef(isAuthenticated);

  // Signing in happens elsewhere (the passkey modal); this dialog reacts to its outcome.
  useEffect(() => {
    const justSignedIn = open && isAuthenticated && !wasAuthenticated.current;
    wasAuthenticated.current = isAuthenticated;
    if (!justSignedIn) return;
    onAuthenticated?.();
    onClose();
  }, [open, isAuthenticated, onAuthenticated, onClose]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Sign in required"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="text-sm text-neutral-200">
        <strong className="font-semibold text-neutral-100">{agentName}</strong> is available to
        signed-in users only.
      </p>
      <p className="mt-2 text-sm text-neutral-400">Sign in with a passkey to use this {subject}.</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </Modal>
  );
}
