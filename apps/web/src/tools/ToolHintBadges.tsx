import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { isDestructiveTool, isReadOnlyTool, runsAsTask, toolHintTexts } from "./tool-hints.js";

const badge = "shrink-0 rounded px-1.5 py-0.5 text-[10px]";

/** The badges of a tool's annotations in the Tools column: read-only, destructive, runs as a task. */
export function ToolHintBadges({ tool }: { tool: Pick<Tool, "annotations" | "_meta"> }) {
  return (
    <>
      {isReadOnlyTool(tool) ? (
        <span
          title={toolHintTexts.readOnlyTitle}
          className={`${badge} bg-emerald-900/50 text-emerald-200`}
        >
          {toolHintTexts.readOnly}
        </span>
      ) : null}
      {isDestructiveTool(tool) ? (
        <span
          title={toolHintTexts.destructiveTitle}
          className={`${badge} bg-red-900/50 text-red-200`}
        >
          {toolHintTexts.destructive}
        </span>
      ) : null}
      {runsAsTask(tool) ? (
        <span
          title={toolHintTexts.runsAsTaskTitle}
          className={`${badge} bg-neutral-800 text-neutral-300`}
        >
          {toolHintTexts.runsAsTask}
        </span>
      ) : null}
    </>
  );
}
