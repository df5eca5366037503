import type { Message, Task } from "@a2a-chat/contracts";
import { AgentEvent, type AgentExecutionEvent } from "@a2a-js/sdk/server";
import type { TaskHead } from "../../tasks/task-status-commands.js";
import { messageToSdk, statusToSdk, taskToSdk } from "../sdk-convert.js";
import type { Turn, TurnDeps } from "./turn.js";

/**
 * Publishing a turn's stored changes on its event bus. Each change is stored first (our task
 * commands also put it on the live stream), then published here, with the SDK's view of the
 * running task kept in step, so the SDK's load for the event reads what the tables hold.
 */

/** Publishes the task as just stored (a stream's first event must be the task). */
export function publishTask(deps: TurnDeps, turn: Turn, task: Task): void {
  const sdkTask = taskToSdk(task);
  deps.views?.stored(turn.taskId, sdkTask);
  turn.bus.publish(AgentEvent.task(sdkTask));
}

/** Publishes the status of a task just stored (its message, if any, is the status's). */
export function publishStatus(deps: TurnDeps, turn: Turn, task: Task): void {
  deps.views?.stored(turn.taskId, taskToSdk(task));
  publishStatusEvent(turn, task);
}

/**
 * Publishes the status of a running task just stored without reading its history (see
 * applyRunningStatus), with the agent's message stored with it, if any: the kept view of the
 * task takes both in.
 */
export function publishRunningStatus(
  deps: TurnDeps,
  turn: Turn,
  task: TaskHead,
  message?: Message,
): void {
  const sdkMessage = message && messageToSdk(message);
  deps.views?.statusStored(
    turn.taskId,
    { status: statusToSdk(task.status), metadata: task.metadata },
    sdkMessage,
  );
  publishStatusEvent(turn, task);
}

function publishStatusEvent(turn: Turn, task: TaskHead): void {
  turn.bus.publish(
    AgentEvent.statusUpdate({
      taskId: turn.taskId,
      contextId: turn.contextId,
      status: statusToSdk(task.status),
      metadata: task.metadata,
    }),
  );
}

/** Publishes the event of another change just stored (an artifact). */
export function publishStored(deps: TurnDeps, turn: Turn, event: AgentExecutionEvent): void {
  deps.views?.changed(turn.taskId);
  turn.bus.publish(event);
}
