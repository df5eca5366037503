import { type StreamResponse, TaskState, type TaskStatusUpdateEvent } from "@a2a-js/sdk";
import {
  AgentEvent,
  DefaultExecutionEventBus,
  type ExecutionEventBus,
  ExecutionEventQueue,
  ServerCallContext,
} from "@a2a-js/sdk/server";
import { describe, expect, it } from "vitest";
import { DeltaBusManager, DeltaStream, directWriterKey, publishDelta } from "./direct-deltas.js";
import { deltaStatusUpdate } from "./streamed-replies.js";

const taskId = "task-1";

function delta(text: string): TaskStatusUpdateEvent {
  return deltaStatusUpdate(taskId, { contextId: "ctx-1", messageId: "reply-1", text });
}

function status(state: TaskState, note: string): TaskStatusUpdateEvent {
  return {
    taskId,
    contextId: "ctx-1",
    status: { state, message: undefined, timestamp: note },
    metadata: undefined,
  };
}

/** A short name for a stream response: "delta:<text>" or "status:<timestamp>". */
function named(response: StreamResponse): string {
  const payload = response.payload;
  if (payload?.$case !== "statusUpdate") return String(payload?.$case);
  const message = payload.value.status?.message;
  if (message) {
    const part = message.parts[0]?.content;
    return `delta:${part?.$case === "text" ? part.value : ""}`;
  }
  return `status:${payload.value.status?.timestamp}`;
}

/**
 * What the SDK's stream does with a bus: a queue attached when it takes the bus for the request
 * (through the manager), each event yielded as a stream response.
 */
function sdkStream(manager: DeltaBusManager, context: ServerCallContext) {
  const bus = manager.createOrGetByTaskId(taskId, context);
  const queue = new ExecutionEventQueue(bus);
  const state = { returned: false };
  async function* events(): AsyncGenerator<StreamResponse, void, undefined> {
    try {
      for await (const event of queue.events()) {
        if (event.kind === "statusUpdate")
          yield { payload: { $case: "statusUpdate", value: event.data } };
      }
    } finally {
      state.returned = true;
    }
  }
  return { bus, events: events(), state };
}

function contextWith(writer?: (response: StreamResponse) => void): ServerCallContext {
  const context = new ServerCallContext();
  if (writer) context.state.set(directWriterKey, writer);
  return context;
}

/** Lets the queued promise callbacks run (the SDK's queue hands events over asynchronously). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("deltas written straight to a stream", () => {
  it("go out after every bus event published before them, however late the stream sends those", async () => {
    const written: string[] = [];
    const context = contextWith((response) => written.push(named(response)));
    const manager = new DeltaBusManager();
    const stream = DeltaStream.expect(context);
    const { bus, events } = sdkStream(manager, context);
    const merged = stream.merge(events, () => false);

    // The stream has sent nothing yet: a delta published after the first status waits for it.
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_WORKING, "s1")));
    publishDelta(bus, delta("a"));
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_WORKING, "s2")));
    publishDelta(bus, delta("b"));
    expect(written).toEqual([]);

    // The route writes what the generator yields, then asks for the next (as sseBody does).
    const first = await merged.next();
    written.push(named(first.value as StreamResponse));
    expect(written).toEqual(["status:s1"]);
    const second = merged.next();
    await settle();
    expect(written).toEqual(["status:s1", "delta:a"]);
    written.push(named((await second).value as StreamResponse));
    const third = merged.next();
    await settle();
    expect(written).toEqual(["status:s1", "delta:a", "status:s2", "delta:b"]);

    // Nothing pending: a delta goes out at once, in the step that publishes it.
    publishDelta(bus, delta("c"));
    expect(written.at(-1)).toBe("delta:c");
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_COMPLETED, "end")));
    written.push(named((await third).value as StreamResponse));
    expect((await merged.next()).done).toBe(true);
    expect(written).toEqual([
      "status:s1",
      "delta:a",
      "status:s2",
      "delta:b",
      "delta:c",
      "status:end",
    ]);
    stream.close(context);
  });

  it("without a writer, are yielded in order, also while the stream waits for the next event", async () => {
    const context = contextWith();
    const manager = new DeltaBusManager();
    const stream = DeltaStream.expect(context);
    const { bus, events } = sdkStream(manager, context);
    const merged = stream.merge(events, (r) => named(r) === "status:end");
    const got: string[] = [];

    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_WORKING, "s1")));
    publishDelta(bus, delta("a"));
    got.push(named((await merged.next()).value as StreamResponse));
    got.push(named((await merged.next()).value as StreamResponse));
    // The stream now waits for the SDK's next event; a delta wakes it.
    const waiting = merged.next();
    await settle();
    publishDelta(bus, delta("b"));
    got.push(named((await waiting).value as StreamResponse));
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_COMPLETED, "end")));
    publishDelta(bus, delta("after the end"));
    got.push(named((await merged.next()).value as StreamResponse));
    expect((await merged.next()).done).toBe(true);
    expect(got).toEqual(["status:s1", "delta:a", "delta:b", "status:end"]);
    stream.close(context);
  });

  it("without a writer, a stream left while it waits returns the SDK's stream once it moves", async () => {
    const context = contextWith();
    const manager = new DeltaBusManager();
    const stream = DeltaStream.expect(context);
    const { bus, events, state } = sdkStream(manager, context);
    const merged = stream.merge(events, () => false);
    const waiting = merged.next();
    await settle();
    publishDelta(bus, delta("a"));
    expect(named((await waiting).value as StreamResponse)).toBe("delta:a");
    // The consumer leaves while the SDK's next event is still awaited.
    expect((await merged.return()).done).toBe(true);
    stream.close(context);
    expect(state.returned).toBe(false);
    bus.publish(AgentEvent.statusUpdate(status(TaskState.TASK_STATE_WORKING, "s1")));
    await settle();
    expect(state.returned).toBe(true);
  });

  it("wait for open() on a stream that sends other things first (a resubscription)", async () => {
    const written: string[] = [];
    const context = contextWith((response) => written.push(named(response)));
    const manager = new DeltaBusManager();
    const stream = DeltaStream.expect(context, false);
    const { bus } = sdkStream(manager, context);
    publishDelta(bus, delta("a"));
    publishDelta(bus, delta("b"));
    expect(written).toEqual([]);
    written.push("task", "so far");
    stream.open();
    expect(written).toEqual(["task", "so far", "delta:a", "delta:b"]);
    stream.close(context);
  });

  it("reach only streams attached to the task's bus, and none once closed", () => {
    const manager = new DeltaBusManager();
    const mine: string[] = [];
    const other: string[] = [];
    const context = contextWith((response) => mine.push(named(response)));
    const otherContext = contextWith((response) => other.push(named(response)));
    const stream = DeltaStream.expect(context);
    DeltaStream.expect(otherContext);
    const bus = manager.createOrGetByTaskId(taskId, context);
    // Another request that takes no bus (or another task's) attaches nothing.
    manager.createOrGetByTaskId("task-2", new ServerCallContext());
    publishDelta(bus, delta("a"));
    stream.close(context);
    publishDelta(bus, delta("b"));
    expect(mine).toEqual(["delta:a"]);
    expect(other).toEqual([]);
  });

  it("go on the bus as ordinary events when it is not the manager's", () => {
    const bus: ExecutionEventBus = new DefaultExecutionEventBus();
    const seen: string[] = [];
    bus.on("event", (event) => {
      if (event.kind === "statusUpdate")
        seen.push(named({ payload: { $case: "statusUpdate", value: event.data } }));
    });
    publishDelta(bus, delta("a"));
    expect(seen).toEqual(["delta:a"]);
  });
});
