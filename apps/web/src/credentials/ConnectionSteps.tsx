import { type ConnectionCheck, connectionStepLabels } from "@a2a-chat/contracts";

/** What the check's summary says. */
export const connectionTexts = {
  ok: "Connection works: every step passed.",
  failed: (label: string) => `Connection failed at the ${label} step.`,
  advice: "What to do:",
} as const;

/**
 * The steps of a connection check (the connection doctor), each passed, failed or not tried,
 * with what it found; the failed step says what to do.
 */
export function ConnectionSteps({ check }: { check: ConnectionCheck }) {
  const failedAt = check.steps.findIndex((s) => !s.ok);
  const failed = check.steps[failedAt];
  return (
    <div className="space-y-2">
      <p role="status" className={`text-sm ${check.ok ? "text-emerald-300" : "text-red-300"}`}>
        {check.ok || !failed
          ? connectionTexts.ok
          : connectionTexts.failed(connectionStepLabels[failed.step])}
      </p>
      <ol aria-label="Connection steps" className="space-y-1">
        {check.steps.map((step, index) => {
          const tried = step.ok || failedAt === index;
          const mark = step.ok ? "✓" : tried ? "✗" : "–";
          const colour = step.ok ? "text-emerald-400" : tried ? "text-red-400" : "text-neutral-500";
          return (
            // Label, then what it found beneath: readable in a narrow column as in a dialog.
            <li key={step.step} className="grid grid-cols-[0.75rem_1fr] gap-x-2 text-xs">
              <span aria-hidden="true" className={colour}>
                {mark}
              </span>
              <span className="font-medium text-neutral-200">
                {connectionStepLabels[step.step]}
              </span>
              <span className="col-start-2 min-w-0 [overflow-wrap:anywhere]">
                <span className={tried ? "text-neutral-300" : "text-neutral-500"}>
                  {step.detail}
                </span>
                {!step.ok && step.advice ? (
                  <span className="mt-0.5 block text-amber-200">
                    {connectionTexts.advice} {step.advice}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
