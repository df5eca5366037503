import { randomUUID } from "node:crypto";
import { isTerminalTaskState, type Message, type Task, type TaskState } from "@a2a-chat/contracts";
import { TasksRepository } from "../../db/repositories/tasks.js";
import { AppError } from "../../http/errors.js";
import { signal } from "../../observe/signals.js";
import { cutReply } from "../../tasks/end-abandoned-task.js";
import { appendMessageWithStatus } from "../../tasks/turn-commands.js";
import { messageText } from "../sdk-convert.js";
import type { Turn, TurnDeps } from "./turn.js";
import { publishStatus } from "./turn-output.js";

/**
 * A turn's last step, or its pause for the user: the reply (unless empty) joins the history and
 * the state is stored with it, in one transaction, then published. A task someone else ended
 * first (a cancel racing completion, a replica that took this one for dead) keeps the end that
 * was stored.
 */
export async function endTurn(
  deps: TurnDeps,
  turn: Turn,
  state: TaskState,
  reply: Message,
  metadata?: Record<string, unknown>,
): Promise<void> {
  const { runs, logger } = deps.services;
  // A turn running here writes its end only while this process's claim on the task holds: a
  // replica that took it for dead has ended it with the text saved so far (one reply, not two).
  const runner = deps.runsHere(turn.taskId) ? runs.runnerId : undefined;
  let task: Task | undefined;
  runs.ending(turn.taskId);
  try {
    task = await appendMessageWithStatus(
      deps.services,
      turn.owner,
      { contextId: turn.contextId, taskId: turn.taskId },
      messageText(reply).trim() !== "" ? reply : undefined,
      { state, message: reply, ...(metadata ? { metadata } : {}) },
      runner,
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === "conflict")) throw error;
  }
  // The end is stored (which cleared the claim), or someone else's stands.
  runs.end(turn.taskId);
  if (runner !== undefined && !task)
    logger.warn({ taskId: turn.taskId }, "the task was ended elsewhere");
  if (task) {
    signal({ kind: "turn_ended", outcome: state });
    turn.outcome = state;
    publishStatus(deps, turn, task);
  }
}

/**
 * Ends a turn that threw: it fails with the reason, keeping what the reply streamed before the
 * error. A task that is not the caller's or has already ended is left alone (the error goes on).
 */
export async function failTurn(deps: TurnDeps, turn: Turn, error: unknown): Promise<void> {
  const { services } = deps;
  services.logger.error({ err: error, taskId: turn.taskId }, "agent run failed");
  const row = await new TasksRepository(services.db.kysely).findById(turn.taskId);
  if (!row || row.user_id !== turn.owner.userId || isTerminalTaskState(row.state as TaskState)) {
    throw error;
  }
  const reason = `Agent execution error: ${error instanceof Error ? error.message : String(error)}`;
  const soFar = deps.replies.current(turn.taskId);
  const place = { contextId: turn.contextId, taskId: turn.taskId };
  await endTurn(
    deps,
    turn,
    "failed",
    cutReply(place, soFar?.messageId ?? randomUUID(), soFar?.text ?? "", reason),
  );
}
