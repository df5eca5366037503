import { useState } from "react";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { selectPrimaryRole } from "../stores/auth-selectors.js";
import { useAuthStore } from "../stores/auth-store.js";
import { logout } from "./logout.js";

// Core spec §5 badge colours: admin blue, user green, guest (and anything else) gray.
const badgeColours: Record<string, string> = {
  Admin: "bg-blue-500/15 text-blue-300",
  User: "bg-green-500/15 text-green-300",
};
const grayBadge = "bg-neutral-500/15 text-neutral-300";

/**
 * The header's user button: avatar, name and role badge. Signed in, a click signs out; otherwise
 * it opens the passkey sign-in. On the phone's top bar (`phone`) it is the user menu of tools
 * spec §2: the avatar and what a tap does, 'Login' or 'Logout'.
 */
export function UserButton({ phone = false }: { phone?: boolean }) {
  const username = useAuthStore((state) => state.username) ?? "Anonymous";
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const role = useAuthStore((state) => selectPrimaryRole(state));
  const [signingOut, setSigningOut] = useState(false);

  const onClick = () => {
    if (!isAuthenticated) {
      useAccountModal.getState().openSignIn();
      return;
    }
    if (signingOut) return;
    setSigningOut(true);
    void logout().finally(() => setSigningOut(false));
  };

  const action = isAuthenticated ? "Logout" : "Login";
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={signingOut}
      aria-label={phone ? `${username} (${role}), ${action}` : `${username} (${role})`}
      title={isAuthenticated ? "Sign out" : "Sign in"}
      className="flex items-center gap-2 rounded-md px-2 py-1 text-sm transition-colors duration-150 hover:bg-surface-raised disabled:opacity-50"
    >
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full bg-primary-500 font-semibold text-neutral-950"
      >
        {username.charAt(0).toUpperCase()}
      </span>
      {phone ? (
        <span className="text-neutral-100">{action}</span>
      ) : (
        <>
          <span className="hidden max-w-40 truncate text-neutral-100 sm:inline">{username}</span>
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-medium ${badgeColours[role] ?? grayBadge}`}
          >
            {role}
          </span>
        </>
      )}
    </button>
  );
}
