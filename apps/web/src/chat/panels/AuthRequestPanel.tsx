import { taskStateLabels } from "@a2a-chat/contracts";
import { useId, useState } from "react";
import { logger } from "../../lib/logger.js";
import type { PendingRequest } from "../model/chat-types.js";

/** Props of the authentication-request panel. */
export interface AuthRequestPanelProps {
  request: PendingRequest;
  /** Starts the authorization the task waits for; a failure shows in the error banner. */
  onAuthorize(taskId: string): Promise<void> | void;
}

/** The agent's message while a task waits for authentication, with an 'Authorize' button. */
export function AuthRequestPanel({ request, onAuthorize }: AuthRequestPanelProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const authorize = async () => {
    setBusy(true);
    try {
      await onAuthorize(request.taskId);
    } catch (error) {
      // The reason is in the chat's error banner; the panel stays for another try.
      logger.warn("Authorizing the task failed", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby={titleId}
      className="mx-4 mb-2 flex items-start gap-3 rounded-md border border-primary-700/60 bg-primary-500/10 p-3 text-sm sm:mx-6"
    >
      <div className="flex-1">
        <h2 id={titleId} className="font-semibold text-primary-300">
          {taskStateLabels["auth-required"]}
        </h2>
        <p className="whitespace-pre-wrap text-neutral-100">{request.message}</p>
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void authorize()}
        className="rounded-md bg-primary-500 px-4 py-2 font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400 disabled:opacity-50"
      >
        Authorize
      </button>
    </section>
  );
}
