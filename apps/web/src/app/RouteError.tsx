import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../lib/Button.js";

/** Heading of the error screen for a crash (core spec §2). */
export const applicationErrorHeading = "Unexpected Application Error!";
/** Text of the status error page when the response gives none (tools spec §2). */
export const defaultErrorText = "An unexpected error occurred";

export interface ErrorDescription {
  /** The HTTP status of an error response; none for a crash. */
  status: string | null;
  heading: string;
  text: string | null;
  details: string;
}

function detailsOf(data: unknown): string {
  if (typeof data === "string") return data;
  try {
    return JSON.stringify(data, null, 2) ?? String(data);
  } catch {
    return String(data);
  }
}

function describe(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    return {
      status: String(error.status),
      heading: error.statusText || defaultErrorText,
      text: null,
      details: detailsOf(error.data),
    };
  }
  if (error instanceof Error) {
    return {
      status: null,
      heading: applicationErrorHeading,
      text: error.message || null,
      details: error.stack ?? error.message,
    };
  }
  return { status: null, heading: applicationErrorHeading, text: null, details: String(error) };
}

/**
 * Generic error page: status and text, collapsible details, Reload Page and Go Home. An error
 * response (such as a 404) shows its status; anything thrown is 'Unexpected Application Error!'.
 */
export function RouteError() {
  return <ErrorScreen {...describe(useRouteError())} />;
}

/** The generic error page's layout (tools spec §2), for route errors and unknown addresses. */
export function ErrorScreen({ status, heading, text, details }: ErrorDescription) {
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-6">
      {status && <p className="text-5xl font-bold text-primary-500">{status}</p>}
      <h1 className="text-xl font-semibold">{heading}</h1>
      {text && <p className="text-neutral-300">{text}</p>}
      <details className="rounded-md border border-border bg-surface-raised p-3 text-sm">
        <summary className="cursor-pointer text-neutral-300">Details</summary>
        <pre className="mt-2 overflow-auto whitespace-pre-wrap text-xs text-neutral-400">
          {details}
        </pre>
      </details>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
        <Button variant="secondary" onClick={() => window.location.assign("/")}>
          Go Home
        </Button>
      </div>
    </main>
  );
}
