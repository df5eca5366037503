import { Button } from "../lib/Button.js";

/** Core spec §8 'Anonymous auth gives up'. */
export const authFailedMessage = "Failed to initialize authentication. Please refresh the page.";

/** Shown when no anonymous session could be set up after the last attempt. */
export function AuthFailedScreen() {
  return (
    <main className="flex min-h-full items-center justify-center bg-surface p-6">
      <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-lg border border-border bg-surface-raised p-8 text-center">
        <h1 className="text-lg font-semibold text-primary-400">Authentication Failed</h1>
        <p role="alert" className="text-sm text-neutral-300">
          {authFailedMessage}
        </p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </div>
    </main>
  );
}
