import type { TaskState } from "@a2a-chat/contracts";
import type { ChatStreamEvent } from "../model/chat-types.js";
import { applyStreamEvent } from "./chat-reducers.js";
import type { ChatRun } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { createDeltaBatcher, type FrameScheduler } from "./delta-batcher.js";

/** What a stream told about its task. */
export interface StreamOutcome {
  taskId?: string;
  /** The last state seen (from a status or task event). */
  lastState?: TaskState;
}

let frameScheduler: FrameScheduler | undefined;

/** Replaces the frame scheduler of text batching (tests); no argument restores the default. */
export function setFrameScheduler(next?: FrameScheduler): void {
  frameScheduler = next;
}

/** Applies one event to the run's placeholder, unless the store was reset since the run began. */
export function applyToRun(run: ChatRun, event: ChatStreamEvent): void {
  if (run.epoch !== chatEpoch()) return;
  useChatStore.setState((state) => applyStreamEvent(state, run.target, event));
}

function taskIdOf(event: ChatStreamEvent): string | undefined {
  if (event.type === "task") return event.task.id;
  if (event.type === "message") return event.message.taskId;
  return event.taskId || undefined;
}

/**
 * Reads a stream into the store: text deltas are batched per frame, every other event first
 * flushes the text before it, so the order is kept. Throws what the stream throws.
 */
export async function pipeStream(
  run: ChatRun,
  events: AsyncIterable<ChatStreamEvent>,
  onFirstEvent?: () => void,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = {};
  // Without a test's scheduler, the batcher paces this stream on its own.
  const batcher = createDeltaBatcher((event) => applyToRun(run, event), frameScheduler);
  let first = true;
  try {
    for await (const event of events) {
      if (first) {
        first = false;
        onFirstEvent?.();
      }
      const taskId = taskIdOf(event);
      if (taskId) {
        run.taskId = taskId;
        outcome.taskId = taskId;
      }
      if (event.type === "status") outcome.lastState = event.state;
      if (event.type === "task") outcome.lastState = event.task.status.state;
      if (event.type === "text") {
        batcher.push(event);
        continue;
      }
      batcher.flush();
      applyToRun(run, event);
    }
  } finally {
    batcher.flush();
  }
  return outcome;
}
