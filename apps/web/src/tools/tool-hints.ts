import { runsAsTaskMetaKey } from "@a2a-chat/contracts";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/**
 * What a tool's MCP annotations tell the user. Annotations are hints from the server, not
 * guarantees: they decide what we say and when we ask, never what is allowed.
 */
export const toolHintTexts = {
  readOnly: "Read-only",
  readOnlyTitle: "The server says this tool only reads: it changes nothing.",
  destructive: "Destructive",
  destructiveTitle: "The server says this tool may delete or overwrite data.",
  runsAsTask: "Runs as a task",
  runsAsTaskTitle: "Runs as an MCP task on its server; its status shows while it runs.",
  confirmTitle: (tool: string) => `Run ${tool}?`,
  confirmBody: (tool: string, server: string) =>
    `The server ${server} says ${tool} may delete or overwrite data. This cannot be undone from here.`,
  confirmRun: "Run anyway",
  confirmBack: "Back",
} as const;

/** Whether the server marks the tool as only reading (`readOnlyHint: true`). */
export function isReadOnlyTool(tool: Pick<Tool, "annotations">): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/**
 * Whether the tool asks for confirmation before it runs: the server says `destructiveHint: true`
 * and not `readOnlyHint: true` (the protocol's own default for an unannotated tool, destructive,
 * is not acted on: every unannotated tool would ask).
 */
export function isDestructiveTool(tool: Pick<Tool, "annotations">): boolean {
  return tool.annotations?.destructiveHint === true && !isReadOnlyTool(tool);
}

/** Whether this site's proxy runs the tool as an MCP task (it marks the tools it lists so). */
export function runsAsTask(tool: Pick<Tool, "_meta">): boolean {
  return tool._meta?.[runsAsTaskMetaKey] === true;
}
