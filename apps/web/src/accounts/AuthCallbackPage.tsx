import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useAuthStore } from "../stores/auth-store.js";
import { exchangeCode, PasskeyError, pendingFlowKey } from "./passkey-flow.js";
import { passkeyMessages } from "./passkey-texts.js";

/**
 * /auth/callback: the redirect form of the OAuth step (?code=…&state=…). The state must be the one
 * this tab started with; the code is exchanged with this tab's verifier, then the chat opens.
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const pending = sessionStorage.getItem(pendingFlowKey);
    const flow = pending ? (JSON.parse(pending) as { verifier?: string; state?: string }) : {};
    const code = params.get("code");
    if (params.get("error")) {
      setError(params.get("error_description") ?? passkeyMessages.oauthFailed);
      return;
    }
    if (!code) {
      setError(passkeyMessages.noCode);
      return;
    }
    if (!flow.verifier || params.get("state") !== flow.state) {
      setError(passkeyMessages.stateMismatch);
      return;
    }
    void exchangeCode(code, flow.verifier, useAuthStore.getState().accessToken)
      .then(() => navigate("/chat", { replace: true }))
      .catch((caught: unknown) =>
        setError(caught instanceof PasskeyError ? caught.message : passkeyMessages.oauthFailed),
      );
  }, [navigate]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-lg font-semibold text-neutral-100">Signing you in</h1>
      {error ? (
        <>
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
          <a href="/chat" className="text-sm text-primary-300 underline">
            Back to the chat
          </a>
        </>
      ) : (
        <p role="status" className="text-sm text-neutral-300">
          Completing sign-in...
        </p>
      )}
    </main>
  );
}
