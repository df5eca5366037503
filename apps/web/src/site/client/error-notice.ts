import type { ClientErrorNotice } from "./toast-queue.js";

/** Message of an uncaught error that carries none (tools spec §8). */
export const unknownErrorMessage = "Unknown error";
/** Label (and fallback message) of an unhandled promise rejection (tools spec §8). */
export const unhandledRejectionLabel = "Unhandled promise rejection";

let counter = 0;
function newId(): string {
  counter += 1;
  return globalThis.crypto?.randomUUID?.() ?? `error-${Date.now()}-${counter}`;
}

function messageOf(value: unknown): string | undefined {
  if (value instanceof Error) return value.message || undefined;
  if (typeof value === "string") return value || undefined;
  return undefined;
}

/** A notice for a window 'error' event. */
export function noticeFromError(event: Pick<ErrorEvent, "error" | "message">): ClientErrorNotice {
  const error: unknown = event.error;
  return {
    id: newId(),
    message: messageOf(error) ?? (event.message || unknownErrorMessage),
    stack: error instanceof Error ? error.stack : undefined,
    timestamp: Date.now(),
    source: "uncaught",
  };
}

/** A notice for an 'unhandledrejection' event. */
export function noticeFromRejection(
  event: Pick<PromiseRejectionEvent, "reason">,
): ClientErrorNotice {
  const reason: unknown = event.reason;
  return {
    id: newId(),
    message: messageOf(reason) ?? unhandledRejectionLabel,
    stack: reason instanceof Error ? reason.stack : undefined,
    timestamp: Date.now(),
    source: "unhandledRejection",
  };
}
