/** The dismissible red error banner titled 'Error' (core spec §2.1). */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-red-500/40 bg-red-500/10 px-4 py-3 text-left text-sm text-red-200"
    >
      <div className="flex-1">
        <p className="font-semibold text-red-300">Error</p>
        <p>{message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss error"
        className="rounded px-1 text-lg leading-none text-red-300 transition-colors duration-150 hover:bg-red-500/20"
      >
        ×
      </button>
    </div>
  );
}
