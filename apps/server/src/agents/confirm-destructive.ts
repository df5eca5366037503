import { elicitationAnswerSchema, mcpRequestMessages } from "@a2a-chat/contracts";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "../http/services.js";
import { askUser } from "../mcp/requests/ask-user.js";
import type { RunnerTool } from "./model-runner.js";

/** `_meta` key of the confirmation's params: which call it is about. */
export const confirmToolMetaKey = "a2a-chat/confirm-tool";

/**
 * Whether a tool says it may destroy data: `destructiveHint: true` and not read-only. A tool
 * without annotations does not ask (the protocol's default for an unannotated tool is
 * "destructive", which would make every call ask), as in the Tools column.
 */
export function isDestructive(tool: Tool): boolean {
  return tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true;
}

/** Where the confirmation goes: the user who owns the turn, its conversation and task. */
export interface ConfirmPlace {
  services: Services;
  userId: string;
  contextId: string;
  taskId: string;
}

/**
 * Asks the user before an agent runs a tool that may delete or overwrite data: a form without
 * fields (Accept runs it, Decline or Cancel do not), through the same request row as a server's
 * elicitation, so the task waits as input-required and the conversation shows the question.
 * True only when the user accepted in time.
 */
export async function confirmDestructive(
  place: ConfirmPlace,
  call: { server: string; tool: string; name: string; args: Record<string, unknown> },
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const message = mcpRequestMessages.confirmTool(call.server, call.tool);
  const outcome = await askUser(
    {
      services: place.services,
      userId: place.userId,
      serverName: call.server,
      contextId: place.contextId,
      taskId: place.taskId,
    },
    "elicitation",
    {
      message,
      requestedSchema: { type: "object", properties: {} },
      _meta: { [confirmToolMetaKey]: { tool: call.tool, arguments: call.args } },
    },
    {
      timeoutMs: place.services.config.mcp.askTimeoutSeconds * 1000,
      signal: signal ?? new AbortController().signal,
      question: message,
      status: mcpRequestMessages.confirmToolStatus(call.name),
    },
  );
  if (outcome.status !== "answered") return false;
  const answer = elicitationAnswerSchema.safeParse(outcome.answer);
  return answer.success && answer.data.action === "accept";
}

/** A destructive tool runs only once the turn's user said yes; else the model is told. */
export function confirming(
  place: ConfirmPlace | undefined,
  runner: RunnerTool,
  tool: Tool,
): RunnerTool {
  if (!place || !isDestructive(tool)) return runner;
  return {
    ...runner,
    execute: async (args, signal) => {
      const call = { server: runner.server ?? "", tool: tool.name, name: runner.name, args };
      if (await confirmDestructive(place, call, signal)) return runner.execute(args, signal);
      return { isError: true, text: mcpRequestMessages.toolRefused(runner.name) };
    },
  };
}
