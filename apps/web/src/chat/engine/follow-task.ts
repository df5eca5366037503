import type { TaskState } from "@a2a-chat/contracts";
import { logger } from "../../lib/logger.js";
import type { ChatRun } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { isFinalState } from "./sdk-events.js";
import { applyToRun, pipeStream } from "./stream-pipe.js";
import { untrackActiveTask } from "./task-records.js";

/** How often a task is read while resubscribing is impossible. */
export const taskPollIntervalMs = 1000;
/** Consecutive failed reads after which polling gives up. */
export const maxTaskPollFailures = 5;

/** Whether a task is still being worked on (not ended, not waiting for the user). */
export function isRunningState(state: TaskState): boolean {
  return state === "submitted" || state === "working";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

const live = (run: ChatRun) => !run.controller.signal.aborted && run.epoch === chatEpoch();

/** Reads the finished task once, so the store holds its final history, state and artifacts. */
export async function settleTask(run: ChatRun, taskId: string): Promise<void> {
  try {
    const task = await run.client.getTask(taskId);
    if (live(run)) applyToRun(run, { type: "task", task });
  } catch (error) {
    logger.warn(`Could not read task ${taskId} after its stream ended`, error);
  }
}

/** Reads the task every second until it ends or waits; "unreachable" after repeated failures. */
async function pollTask(run: ChatRun, taskId: string): Promise<"done" | "unreachable"> {
  let failures = 0;
  while (live(run)) {
    await sleep(taskPollIntervalMs, run.controller.signal);
    if (!live(run)) return "done";
    try {
      const task = await run.client.getTask(taskId);
      failures = 0;
      if (!live(run)) return "done";
      applyToRun(run, { type: "task", task });
      if (!isRunningState(task.status.state)) return "done";
    } catch (error) {
      failures += 1;
      logger.warn(`Could not read task ${taskId}`, error);
      if (failures >= maxTaskPollFailures) return "unreachable";
    }
  }
  return "done";
}

/**
 * Follows a task that runs on without this tab's stream (a reload, a dropped connection): the run
 * goes on on the server, so resubscribe to get the rest; if that fails or ends early, read the
 * task every second until it ends or waits for the user. When the server stops answering, the
 * task no longer counts as running in this tab (see untrackActiveTask).
 */
export async function followTask(run: ChatRun, taskId: string): Promise<void> {
  run.taskId = taskId;
  try {
    const outcome = await pipeStream(
      run,
      run.client.resubscribe(taskId, { signal: run.controller.signal }),
    );
    if (outcome.lastState && isFinalState(outcome.lastState)) {
      await settleTask(run, taskId);
      return;
    }
  } catch (error) {
    if (!live(run)) return;
    logger.warn(`Resubscribing to task ${taskId} failed; polling it instead`, error);
  }
  if ((await pollTask(run, taskId)) === "unreachable" && live(run)) {
    // The page must not wait forever on a task nobody may be running (its server may have
    // died): the reply keeps its text, the composer is free, and the live stream brings the
    // task's end once the server is back.
    logger.warn(`Task ${taskId} cannot be followed: the server does not answer`);
    useChatStore.setState((state) => untrackActiveTask(state, run.target.contextId, taskId));
  }
}
