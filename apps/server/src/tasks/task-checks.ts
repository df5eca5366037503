import {
  isTaskState,
  type Task,
  type TaskState,
  taskStates,
  validateTask,
} from "@a2a-chat/contracts";
import type { AuthContext } from "../auth/auth-context.js";
import { AppError } from "../http/errors.js";

/** Whom a command acts for: a verified caller, or just the user id (push notifications…). */
export type Owner = Pick<AuthContext, "userId">;

/** The value as a task state, or a 400 naming the allowed ones. */
export function checkState(state: unknown): TaskState {
  if (isTaskState(state)) return state;
  throw new AppError("validation_failed", `state must be one of ${taskStates.join(", ")}`);
}

/** The value as a task, or a 400 carrying the contract's message (core §5). */
export function validTask(candidate: unknown): Task {
  try {
    return validateTask(candidate);
  } catch (error) {
    throw new AppError(
      "validation_failed",
      error instanceof Error ? error.message : "Invalid task",
    );
  }
}
