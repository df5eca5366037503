import type { Artifact } from "@a2a-chat/contracts";
import { Button } from "../app/Button.js";
import { ArtifactView, type ArtifactViewProps } from "../artifacts/ArtifactView.js";
import { formatToolDuration } from "../lib/durations.js";
import { isActiveExecution, type ToolExecution } from "./execution-queue.js";

/** Core spec §2.4: what the modal says while a tool runs. */
export const executingMessage = (toolName: string) =>
  `Executing ${toolName}... Please wait while the tool processes.`;

/** Core spec §2.4, §8: the heading of a failed execution. */
export const executionFailedTitle = "Execution Failed";

/** Props of ExecutionResult. */
export interface ExecutionResultProps {
  execution: ToolExecution;
  /** Runs the execution again; absent when its source artifact is unknown. */
  onRetry?: () => void;
  onSendMessage?: ArtifactViewProps["onSendMessage"];
}

function Parameters({ parameters }: { parameters: Record<string, unknown> }) {
  if (Object.keys(parameters).length === 0) return null;
  return (
    <details className="mt-4 text-sm text-neutral-400">
      <summary className="cursor-pointer">Parameters</summary>
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
export function ExecutionResult({ execution, onRetry, onSendMessage }: ExecutionResultProps) {
  if (isActiveExecution(execution)) {
    const message = executingMessage(execution.toolName);
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-10 text-center">
        <div
          role="progressbar"
          aria-label={`Executing ${execution.toolName}`}
          className="size-8 animate-spin rounded-full border-2 border-primary-500 border-t-transparent"
        />
        <p className="text-sm text-neutral-300">{message}</p>
      </div>
    );
  }
  if (execution.status === "error") {
    return (
      <div>
        <div role="alert" className="rounded-md border border-red-900 bg-red-950/40 p-4">
          <h3 className="font-semibold text-red-300">{executionFailedTitle}</h3>
          <p className="mt-1 text-sm break-words text-red-200">{execution.error}</p>
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
      <Parameters parameters={execution.parameters} />
    </div>
  );
}
