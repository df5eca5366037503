import type { TaskState } from "@a2a-chat/contracts";
import type { ChatStreamEvent } from "../model/chat-types.js";
import { applyStreamEvent } from "./chat-reducers.js";
import { type ChatRun, nameRunTask } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { createDeltaBatcher, type FrameScheduler } from "./delta-batcher.js";
import { isFinalState } from "./sdk-events.js";

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

/**
 * Whether an event ends what a stream has to say: the task ended or waits for the user. Nothing
 * follows until the user answers (on a request of its own), so the stream is left at once;
 * waiting for the server to close it kept an auth-required send "in flight" forever.
 */
function endsStream(event: ChatStreamEvent): boolean {
  if (event.type === "status") return event.final;
  return event.type === "task" && isFinalState(event.task.status.state);
}

function taskIdOf(event: ChatStreamEvent): string | undefined {
  if (event.type === "task") return event.task.id;
  if (event.type === "message") return event.message.taskId;
  return event.taskId || undefined;
}

/**
 * Reads a stream into the store: text deltas are batched per frame, every other event first
 * flushes the text before it, so the order is kept. Ends at the task's end or wait. Throws what
 * the stream throws.
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
        if (run.taskId !== taskId) nameRunTask(run, taskId);
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
      if (endsStream(event)) break;
    }
  } finally {
    batcher.flush();
  }
  return outcome;
}
