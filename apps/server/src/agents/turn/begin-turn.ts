import type { RequestContext } from "@a2a-js/sdk/server";
import { AppError } from "../../http/errors.js";
import { appendMessageWithStatus, createWorkingTask } from "../../tasks/turn-commands.js";
import { messageFromSdk } from "../sdk-convert.js";
import type { Turn, TurnDeps } from "./turn.js";
import { publishTask } from "./turn-output.js";

/**
 * A turn's first step: stores its task as working, with the user's message and this process's
 * claim on the run, and publishes it. A new message makes a new task; an answer to a task that
 * waited for the user (input-required, auth-required) resumes that task.
 */
export async function beginTurn(
  deps: TurnDeps,
  turn: Turn,
  request: RequestContext,
): Promise<void> {
  const { services, agent, runner } = deps;
  const userMessage = {
    ...messageFromSdk(request.userMessage),
    contextId: turn.contextId,
    taskId: turn.taskId,
  };
  if (!request.task) {
    const { working } = await createWorkingTask(services, turn.owner, {
      id: turn.taskId,
      contextId: turn.contextId,
      agentName: agent.name,
      taskType: "agent_message",
      initialMessage: userMessage,
      metadata: {
        model: runner.model,
        agent_display_name: agent.displayName ?? agent.name,
      },
      run: services.runs.lease(),
    });
    // The task goes out once, already working (the live stream has its creation and its
    // move to working): one SDK event and one server-sent event fewer per turn.
    publishTask(deps, turn, working);
    return;
  }
  // The user answered a task that waited for them. A stream's first event must be the task
  // (the SDK's client refuses a status update first), so the answered task goes out, working.
  await services.runs.claim(turn.taskId);
  const resumed = await appendMessageWithStatus(
    services,
    turn.owner,
    { contextId: turn.contextId, taskId: turn.taskId },
    userMessage,
    { state: "working" },
  );
  if (!resumed) throw new AppError("conflict", "Task has already ended");
  publishTask(deps, turn, resumed);
}
