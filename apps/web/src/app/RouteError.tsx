import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "./Button.js";

function describe(error: unknown): { status: string; text: string; details: string } {
  if (isRouteErrorResponse(error)) {
    return {
      status: String(error.status),
      text: error.statusText || "An unexpected error occurred",
      details: typeof error.data === "string" ? error.data : JSON.stringify(error.data, null, 2),
    };
  }
  if (error instanceof Error) {
    return { status: "Error", text: error.message, details: error.stack ?? error.message };
  }
  return { status: "Error", text: "An unexpected error occurred", details: String(error) };
}

/** Generic error page: status and text, collapsible details, Reload Page and Go Home. */
export function RouteError() {
  const { status, text, details } = describe(useRouteError());
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-6">
      <p className="text-5xl font-bold text-primary-500">{status}</p>
      <h1 className="text-xl font-semibold">An unexpected error occurred</h1>
      <p className="text-neutral-300">{text}</p>
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
