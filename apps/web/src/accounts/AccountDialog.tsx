import { registrationCloseDelayMs, signInCloseDelayMs } from "@a2a-chat/contracts";
import { useEffect, useRef, useState } from "react";
import { Modal } from "../agents/Modal.js";
import { useAccountModal } from "./account-modal-store.js";
import { passkeysSupported } from "./passkey-flow.js";
import { passkeyMessages, unsupportedTitle } from "./passkey-texts.js";
import { RegisterForm } from "./RegisterForm.js";
import { SignInForm } from "./SignInForm.js";

function UnsupportedPanel() {
  return (
    <div
      role="alert"
      className="rounded-md border border-yellow-500/40 bg-yellow-500/10 p-4 text-sm"
    >
      <p className="font-semibold text-yellow-200">{unsupportedTitle}</p>
      <p className="mt-1 text-neutral-200">{passkeyMessages.unsupported}</p>
    </div>
  );
}

/**
 * The sign-in and registration modals (tools spec §2): after success the modal closes, 1000 ms
 * after a sign-in and 1500 ms after a registration, then the pending action (a retried send)
 * runs.
 */
export default function AccountDialog() {
  const { mode, agentName, close, switchTo } = useAccountModal();
  const [supported, setSupported] = useState<boolean | null>(null);

  useEffect(() => {
    let active = true;
    void passkeysSupported().then((yes) => {
      if (active) setSupported(yes);
    });
    return () => {
      active = false;
    };
  }, []);

  const succeeded = (delayMs: number) => {
    const { onSignedIn } = useAccountModal.getState();
    setTimeout(() => {
      useAccountModal.getState().close();
      onSignedIn?.();
    }, delayMs);
  };

  // Switching between the two forms removes the button that had the focus: the new form's
  // first field takes it, so a keyboard user stays in the dialog.
  const forms = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    const was = shownMode.current;
    shownMode.current = mode;
    if (was && mode && was !== mode) forms.current?.querySelector<HTMLElement>("input")?.focus();
  }, [mode]);

  const title = mode === "register" ? "Create account" : "Sign in";
  return (
    <Modal open={mode !== null} onClose={close} size="sm" title={title}>
      {agentName ? (
        <p className="mb-4 text-sm text-neutral-200">
          <strong className="font-semibold text-neutral-100">{agentName}</strong> requires you to
          sign in.
        </p>
      ) : null}
      <div ref={forms}>
        {supported === false ? (
          <UnsupportedPanel />
        ) : mode === "register" ? (
          <RegisterForm
            onSuccess={() => succeeded(registrationCloseDelayMs)}
            onSwitch={() => switchTo("signin")}
          />
        ) : (
          <SignInForm
            onSuccess={() => succeeded(signInCloseDelayMs)}
            onSwitch={() => switchTo("register")}
          />
        )}
      </div>
    </Modal>
  );
}
