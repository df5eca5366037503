import { lazy, Suspense } from "react";
import { useAccountModal } from "./account-modal-store.js";

// The forms, the passkey flow and @simplewebauthn/browser load when a modal first opens.
const AccountDialog = lazy(() => import("./AccountDialog.js"));

/** Mounts the sign-in or registration modal while one is open. */
export function AccountModals() {
  const mode = useAccountModal((state) => state.mode);
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialog />
    </Suspense>
  );
}
