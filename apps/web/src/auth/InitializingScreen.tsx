import { maxAuthRetries } from "./useAuthBootstrap.js";

/** Shown while the session is being set up; `retry` is 0 for the first try, then 1, 2, 3. */
export function InitializingScreen({ retry }: { retry: number }) {
  const text =
    retry === 0
      ? "Setting up your session..."
      : `Retrying authentication (${retry}/${maxAuthRetries})...`;
  return (
    <main className="flex min-h-full items-center justify-center bg-surface p-6">
      <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-lg border border-border bg-surface-raised p-8 text-center">
        <h1 className="text-lg font-semibold text-neutral-100">Initializing</h1>
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
          <span
            aria-hidden="true"
            className="size-8 animate-spin rounded-full border-2 border-primary-500 border-t-transparent"
          />
          <p className="text-sm text-neutral-400">{text}</p>
        </div>
      </div>
    </main>
  );
}
