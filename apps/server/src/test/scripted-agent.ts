import { randomUUID } from "node:crypto";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent } from "@a2a-js/sdk/server";
import { textMessage } from "./a2a.js";
import type { TestAgentOptions } from "./a2a-test-agent.js";

/** One thing a scripted agent sends, in order. */
export type ScriptStep =
  /** A status update; with text, its message (the given id, else a new one each time). */
  | { state: "working" | "completed"; text?: string; id?: string }
  /** An artifact update: a chunk of text for the artifact `artifactId`. */
  | { artifactId: string; chunk: string; append: boolean; last: boolean };

/**
 * A test agent's script (TestAgentOptions.script) that answers every message with these events,
 * exactly as given: the task, then each step as an A2A status or artifact update.
 */
export function script(
  steps: readonly ScriptStep[],
  /** The pause after each step (as an agent at work takes); by default only a turn of the loop. */
  gapMs = 0,
): NonNullable<TestAgentOptions["script"]> {
  return async (publish, { taskId, contextId }) => {
    for (const step of steps) {
      if ("chunk" in step) {
        publish(
          AgentEvent.artifactUpdate({
            taskId,
            contextId,
            artifact: {
              artifactId: step.artifactId,
              name: "Streamed",
              description: "",
              parts: [
                {
                  content: { $case: "text", value: step.chunk },
                  mediaType: "text/plain",
                  filename: "",
                  metadata: undefined,
                },
              ],
              metadata: undefined,
              extensions: [],
            },
            append: step.append,
            lastChunk: step.last,
            metadata: undefined,
          }),
        );
      } else {
        const message =
          step.text === undefined
            ? undefined
            : {
                ...textMessage(contextId, step.text, taskId),
                messageId: step.id ?? randomUUID(),
                role: Role.ROLE_AGENT,
              };
        publish(
          AgentEvent.statusUpdate({
            taskId,
            contextId,
            status: {
              state:
                step.state === "completed"
                  ? TaskState.TASK_STATE_COMPLETED
                  : TaskState.TASK_STATE_WORKING,
              message,
              timestamp: new Date().toISOString(),
            },
            metadata: undefined,
          }),
        );
      }
      // Each event goes out on its own, as an agent that takes a moment per update sends it.
      await new Promise((resolve) =>
        gapMs > 0 ? setTimeout(resolve, gapMs) : setImmediate(resolve),
      );
    }
  };
}
