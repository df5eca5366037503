import type { ToolExecutionRecord } from "@a2a-chat/contracts";
import { AppError } from "../../http/errors.js";
import type { ToolContext } from "../tool-context.js";
import { type NewExecution, startExecution } from "./start-execution.js";

/**
 * Records a caller's tool call, in its task (an agent's turn) when the caller named one, else in
 * its conversation, else alone. An x-task-id or x-context-id that is not the caller's is dropped
 * rather than touch someone else's task or conversation; the caller still gets the result.
 */
export async function startCallerExecution(
  context: Pick<ToolContext, "services" | "userId" | "contextId" | "taskId">,
  execution: Omit<NewExecution, "contextId" | "taskId">,
): Promise<ToolExecutionRecord> {
  const owner = { userId: context.userId };
  const inContext = context.contextId ? { contextId: context.contextId } : {};
  const attempts = [
    ...(context.taskId ? [{ ...execution, ...inContext, taskId: context.taskId }] : []),
    ...(context.contextId ? [{ ...execution, ...inContext }] : []),
    execution,
  ];
  for (const attempt of attempts) {
    try {
      return await startExecution(context.services, owner, attempt);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
    }
  }
  throw new Error("tool call could not be recorded");
}
