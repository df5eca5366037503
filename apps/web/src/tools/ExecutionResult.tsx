import type { Artifact } from "@a2a-chat/contracts";
import { useState } from "react";
import { ArtifactView } from "../artifacts/ArtifactView.js";
import type { ArtifactViewProps } from "../artifacts/artifact-view-props.js";
import { Button } from "../lib/Button.js";
import { formatToolDuration } from "../lib/durations.js";
import { isActiveExecution, type ToolExecution } from "./execution-queue.js";
import { ProgressLine } from "./ProgressLine.js";
import { isCancelledExecution } from "./runner/tool-errors.js";
import { toolHintTexts } from "./tool-hints.js";
import { useNow } from "./useNow.js";

/** Core spec §2.4: what the modal says while a tool runs. */
export const executingMessage = (toolName: string) =>
  `Executing ${toolName}... Please wait while the tool processes.`;

/** Core spec §2.4, §8: the heading of a failed execution. */
export const executionFailedTitle = "Execution Failed";

/** The heading of an execution the user cancelled: not a failure of the tool. */
export const executionCancelledTitle = "Execution Cancelled";

/** Props of ExecutionResult. */
export interface ExecutionResultProps {
  execution: ToolExecution;
  /** Runs the execution again; absent when its source artifact is unknown. */
  onRetry?: () => void;
  /** Cancels the running call; absent when it cannot be cancelled from here. */
  onCancel?: () => void;
  /** Runs the tool again with the same arguments (runs from the tools column). */
  onRunAgain?: () => void;
  onSendMessage?: ArtifactViewProps["onSendMessage"];
}

/** The heading of the arguments a call was made with. */
export const argumentsSentTitle = "Arguments sent";

function Parameters({ parameters }: { parameters: Record<string, unknown> }) {
  return (
    <details className="mt-4 text-sm text-neutral-400">
      <summary className="cursor-pointer">{argumentsSentTitle}</summary>
      <pre className="mt-2 overflow-x-auto rounded bg-surface p-3 text-xs text-neutral-300">
        {JSON.stringify(parameters, null, 2)}
      </pre>
    </details>
  );
}

function Completed({
  artifact,
  execution,
  onSendMessage,
}: ExecutionResultProps & { artifact: Artifact }) {
  return (
    <div>
      <ArtifactView artifact={artifact} {...(onSendMessage ? { onSendMessage } : {})} />
      {execution.executionTime === undefined ? null : (
        <p className="mt-3 text-xs text-neutral-400">
          Completed in {formatToolDuration(execution.executionTime)}
        </p>
      )}
    </div>
  );
}

/** The body of one execution: progress while active, the error with Retry, or the result. */
function Running({ execution, onCancel }: Pick<ExecutionResultProps, "execution" | "onCancel">) {
  const now = useNow(true);
  const message = executingMessage(execution.toolName);
  return (
    <div>
      <div role="status" className="flex flex-col items-center gap-4 py-8 text-center">
        {execution.progress?.total ? null : (
          <div
            role="progressbar"
            aria-label={`Executing ${execution.toolName}`}
            className="size-8 animate-spin rounded-full border-2 border-primary-500 border-t-transparent"
          />
        )}
        <p className="text-sm text-neutral-300">{message}</p>
        {execution.run ? <ProgressLine execution={execution} now={now} /> : null}
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {execution.run ? <Parameters parameters={execution.parameters} /> : null}
    </div>
  );
}

export function ExecutionResult({
  execution,
  onRetry,
  onCancel,
  onRunAgain,
  onSendMessage,
}: ExecutionResultProps) {
  if (isActiveExecution(execution)) {
    return <Running execution={execution} {...(onCancel ? { onCancel } : {})} />;
  }
  if (isCancelledExecution(execution)) {
    const again = onRunAgain ?? onRetry;
    return (
      <div>
        <div role="status" className="rounded-md border border-border bg-surface p-4">
          <h3 className="font-semibold text-neutral-200">{executionCancelledTitle}</h3>
          <p className="mt-1 text-sm text-neutral-400">{execution.error}</p>
        </div>
        <RunAgain onClick={again} execution={execution} />
        <Parameters parameters={execution.parameters} />
      </div>
    );
  }
  if (execution.status === "error") {
    return (
      <div>
        <div role="alert" className="rounded-md border border-red-900 bg-red-950/40 p-4">
          <h3 className="font-semibold text-red-300">{executionFailedTitle}</h3>
          <p className="mt-1 text-sm break-words text-red-200">{execution.error}</p>
          {execution.detail ? (
            <p className="mt-1 text-xs break-words text-red-300/80">{execution.detail}</p>
          ) : null}
        </div>
        <div className="mt-4 flex justify-end">
          <Button onClick={onRetry} disabled={!onRetry}>
            Retry
          </Button>
        </div>
        <Parameters parameters={execution.parameters} />
      </div>
    );
  }
  return (
    <div>
      {execution.artifact ? (
        <Completed
          artifact={execution.artifact}
          execution={execution}
          {...(onSendMessage ? { onSendMessage } : {})}
        />
      ) : (
        <p className="text-sm text-neutral-400">The tool completed without a result.</p>
      )}
      <RunAgain onClick={onRunAgain} execution={execution} />
      <Parameters parameters={execution.parameters} />
    </div>
  );
}

/**
 * The 'Run again' button below a run's outcome, when the run can be repeated; for a tool the
 * server marks destructive it first asks (Run anyway, Back).
 */
function RunAgain({
  onClick,
  execution,
}: {
  onClick: (() => void) | undefined;
  execution: ToolExecution;
}) {
  const [asking, setAsking] = useState(false);
  if (!onClick) return null;
  if (asking)
    return (
      <div className="mt-4 rounded-md border border-red-900 bg-red-950/40 p-3">
        <p role="alert" className="text-sm text-red-200">
          {toolHintTexts.confirmBody(execution.toolName, execution.serverName)}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {toolHintTexts.confirmBack}
          </Button>
          <Button
            onClick={() => {
              setAsking(false);
              onClick();
            }}
          >
            {toolHintTexts.confirmRun}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="mt-4 flex justify-end">
      <Button
        variant="secondary"
        onClick={execution.run?.destructive ? () => setAsking(true) : onClick}
      >
        Run again
      </Button>
    </div>
  );
}
