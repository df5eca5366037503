import { ErrorActions, ErrorDetails } from "./ErrorDetails.js";

/** Text of the status error page when nothing more specific is known (core spec §2). */
export const defaultStatusText = "An unexpected error occurred";

/** The generic error page: status and text, collapsible details, Reload Page and Go Home. */
export function StatusPage({
  status,
  text = defaultStatusText,
  details,
}: {
  status: number;
  text?: string;
  details: string;
}) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
      <p className="text-6xl font-bold text-primary-500">{status}</p>
      <h1 className="mt-3 text-2xl font-semibold">{text}</h1>
      <div className="mt-6">
        <ErrorDetails title="Details" text={details} />
      </div>
      <ErrorActions />
    </div>
  );
}

/** The page for addresses nothing answers (HTTP 404). */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
      <p className="text-6xl font-bold text-primary-500">404</p>
      <h1 className="mt-3 text-2xl font-semibold">Page not found</h1>
      <p className="mt-3 text-neutral-300">
        There is nothing at this address. Try the <a href="/docs">documentation</a>, the{" "}
        <a href="/">home page</a> or <a href="/chat">the chat</a>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="/" className="button-primary">
          Go Home
        </a>
        <a href="/docs" className="button-secondary">
          Documentation
        </a>
      </div>
    </div>
  );
}
