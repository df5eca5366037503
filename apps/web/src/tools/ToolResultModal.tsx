import { useId } from "react";
import { Modal } from "../agents/Modal.js";
import type { ArtifactViewProps } from "../artifacts/artifact-view-props.js";
import { Button } from "../lib/Button.js";
import { useArtifactsStore } from "../stores/artifacts-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { selectKnownContextId } from "../stores/contexts-selectors.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { ExecutionResult } from "./ExecutionResult.js";
import { ExecutionTabs } from "./ExecutionTabs.js";
import type { ToolExecution } from "./execution-queue.js";
import { runTool } from "./runner/run-tool.js";
import { cancelCall, isCallRunning } from "./runner/running-calls.js";
import { selectSelectedExecution, useToolExecutionsStore } from "./tool-executions-store.js";
import { useArtifactRefresh } from "./useArtifactRefresh.js";

/** Runs a tool-column run again with the same arguments, in the current conversation. */
function runAgain(execution: ToolExecution): void {
  if (!execution.run) return;
  runTool(execution.run, {
    token: useAuthStore.getState().accessToken,
    contextId: selectKnownContextId(useContextsStore.getState()),
    renderBehavior: execution.renderBehavior,
  });
}

/** Core spec §2.4: the modal's title when no execution is selected. */
export const toolResultsTitle = "Tool Results";

/** Props of ToolResultModal. */
export interface ToolResultModalProps {
  /** Lets results such as forms and cards send messages to the conversation's agent. */
  onSendMessage?: ArtifactViewProps["onSendMessage"];
}

function useRetry(execution: ToolExecution | undefined): (() => void) | undefined {
  const run = useArtifactRefresh();
  const stored = useArtifactsStore((state) =>
    execution?.sourceArtifactId ? state.byId[execution.sourceArtifactId] : undefined,
  );
  const source = stored ?? execution?.sourceArtifact;
  if (execution?.run) return () => runAgain(execution);
  if (!execution || !source) return undefined;
  return () => {
    // The outcome lands in the execution store, which this modal shows.
    void run(source, execution.id);
  };
}

/**
 * The tool-result modal: one tab per execution when there are several, and for the selected
 * one its progress, its failure with Retry, or its artifact with the call's duration.
 */
export function ToolResultModal({ onSendMessage }: ToolResultModalProps) {
  const executions = useToolExecutionsStore((state) => state.executions);
  const selectedId = useToolExecutionsStore((state) => state.selectedId);
  const open = useToolExecutionsStore((state) => state.modalOpen);
  const selected = useToolExecutionsStore(selectSelectedExecution);
  const { close, select, clearCompleted } = useToolExecutionsStore.getState();
  const retry = useRetry(selected);
  const panelId = useId();
  const tabIdPrefix = useId();
  const hasCompleted = executions.some((execution) => execution.status === "completed");

  return (
    <Modal
      open={open}
      onClose={close}
      size="xl"
      title={selected ? selected.toolName : toolResultsTitle}
      footer={
        <Button variant="secondary" onClick={clearCompleted} disabled={!hasCompleted}>
          Clear completed
        </Button>
      }
    >
      {executions.length > 1 ? (
        <ExecutionTabs
          executions={executions}
          selectedId={selectedId}
          onSelect={select}
          panelId={panelId}
          tabIdPrefix={tabIdPrefix}
        />
      ) : null}
      <div
        id={panelId}
        {...(executions.length > 1
          ? {
              role: "tabpanel",
              ...(selected ? { "aria-labelledby": `${tabIdPrefix}-${selected.id}` } : {}),
            }
          : {})}
      >
        {selected ? (
          <ExecutionResult
            execution={selected}
            {...(retry ? { onRetry: retry } : {})}
            {...(selected.run ? { onRunAgain: () => runAgain(selected) } : {})}
            {...(isCallRunning(selected.id) ? { onCancel: () => cancelCall(selected.id) } : {})}
            {...(onSendMessage ? { onSendMessage } : {})}
          />
        ) : (
          <p className="text-sm text-neutral-400">
            {executions.length === 0 ? "No tool results yet." : "Select a tool result to view it."}
          </p>
        )}
      </div>
    </Modal>
  );
}
