import type { Message, Task } from "@a2a-chat/contracts";
import type { Task as SdkTask } from "@a2a-js/sdk";
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
  const sdkTask = taskToSdk(task);
  deps.views?.stored(turn.taskId, sdkTask);
  publishStatusEvent(turn, sdkTask);
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
  const head = { status: statusToSdk(task.status), metadata: task.metadata };
  deps.views?.statusStored(turn.taskId, head, message && messageToSdk(message));
  publishStatusEvent(turn, head);
}

/** The status update event; the SDK clones its status and metadata when it applies them. */
function publishStatusEvent(
  turn: Turn,
  head: { status: SdkTask["status"]; metadata: SdkTask["metadata"] },
): void {
  turn.bus.publish(
    AgentEvent.statusUpdate({
      taskId: turn.taskId,
      contextId: turn.contextId,
      status: head.status,
      metadata: head.metadata,
    }),
  );
}

/** Publishes the event of another change just stored (an artifact). */
export function publishStored(deps: TurnDeps, turn: Turn, event: AgentExecutionEvent): void {
  deps.views?.changed(turn.taskId);
  turn.bus.publish(event);
}
