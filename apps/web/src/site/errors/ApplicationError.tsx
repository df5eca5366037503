import { ErrorActions, ErrorDetails } from "./ErrorDetails.js";
import type { RenderFailure } from "./render-failure.js";

/** Heading of the root error boundary's page (tools spec §4). */
export const applicationErrorTitle = "Application Error";

/**
 * What the website's root error boundary shows when a page fails to render: the message, its
 * details, the component stack, the stack trace and Reload Page.
 */
export function ApplicationError({ failure }: { failure: RenderFailure }) {
  return (
    <main id="main" role="alert" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-primary-500">{applicationErrorTitle}</h1>
      <p className="mt-4 text-lg text-neutral-200">{failure.message}</p>
      <div className="mt-6 flex flex-col gap-3">
        <ErrorDetails title="Details" text={failure.message} />
        <ErrorDetails title="Component stack" text={failure.componentStack} />
        <ErrorDetails title="Stack trace" text={failure.stack} />
      </div>
      <ErrorActions home={false} />
    </main>
  );
}
