import type { Task } from "@a2a-chat/contracts";
import { AgentEvent, type AgentExecutionEvent } from "@a2a-js/sdk/server";
import { messageToSdk, stateToSdk, taskToSdk } from "../sdk-convert.js";
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
  turn.bus.publish(
    AgentEvent.statusUpdate({
      taskId: turn.taskId,
      contextId: turn.contextId,
      status: {
        state: stateToSdk(task.status.state),
        message: task.status.message ? messageToSdk(task.status.message) : undefined,
        timestamp: task.status.timestamp,
      },
      metadata: task.metadata,
    }),
  );
}

/** Publishes the event of another change just stored (an artifact). */
export function publishStored(deps: TurnDeps, turn: Turn, event: AgentExecutionEvent): void {
  deps.views?.changed(turn.taskId);
  turn.bus.publish(event);
}
