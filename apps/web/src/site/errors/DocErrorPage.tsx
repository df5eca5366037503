import { ErrorActions, ErrorDetails } from "./ErrorDetails.js";
import type { RenderFailure } from "./render-failure.js";

/** A documentation page's own error page: the site's frame stays, the page says what failed. */
export function DocErrorPage({ title, failure }: { title: string; failure: RenderFailure }) {
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-sm font-medium text-primary-400">Documentation</p>
      <h1 className="mt-2 text-3xl font-bold">This page could not be shown</h1>
      <p className="mt-4 text-neutral-300">{`“${title}” failed to render: ${failure.message}`}</p>
      <div className="mt-6 flex flex-col gap-3">
        <ErrorDetails
          title="Details"
          text={`${failure.stack}\n\nComponents:\n${failure.componentStack}`}
        />
      </div>
      <ErrorActions />
      <p className="mt-6 text-sm text-neutral-400">
        The rest of the documentation is at <a href="/docs">/docs</a>.
      </p>
    </div>
  );
}
