import type { StreamResponse, TaskStatusUpdateEvent } from "@a2a-js/sdk";
import {
  AgentEvent,
  DefaultExecutionEventBusManager,
  type ExecutionEventBus,
  type ExecutionEventBusManager,
  type ServerCallContext,
} from "@a2a-js/sdk/server";

/**
 * A reply's text deltas past the SDK's event processing.
 *
 * Every event our executor publishes on a task's bus goes through the SDK's stream loop: its
 * ResultManager loads the task, clones the status twice, merges and saves it, all under a lock,
 * then the event is mapped and yielded through several generator layers. A text delta changes
 * nothing stored (the executor records the reply so far itself, see StreamedReplies and
 * TaskRuns), so it skips all of that: `publishDelta` hands it to the streams attached to the
 * task's bus, each of which writes it to its client directly (the route's writer, for A2A 1.0
 * streams) or yields it from its generator (any other consumer).
 *
 * Order is kept per stream: a delta goes out only after every bus event published before it has
 * gone out on that stream. The bus counts its events; a stream notes the count when it attaches
 * (in the same synchronous step as the SDK's queue for it) and counts the events it has sent
 * since; a delta published after n of them waits until the stream has sent n.
 */

/** Call-context state key: a writer of stream responses straight to the client's response. */
export const directWriterKey = "a2a-chat.direct-writer";

/** Writes one stream response to the client's response body, after everything written before. */
export type DirectWriter = (response: StreamResponse) => void;

/** A task bus's event count and the streams that take its deltas. */
class DeltaRelay {
  published = 0;
  readonly streams = new Set<DeltaStream>();
  readonly count = (): void => {
    this.published += 1;
  };
}

const relays = new WeakMap<ExecutionEventBus, DeltaRelay>();
/** Streams waiting for the SDK to take their request's bus (see DeltaBusManager). */
const expected = new WeakMap<ServerCallContext, DeltaStream>();

function asResponse(update: TaskStatusUpdateEvent): StreamResponse {
  return { payload: { $case: "statusUpdate", value: update } };
}

/**
 * Publishes a text delta (a working status update with the a2a_chat_delta message) to the streams
 * attached to the task's bus; on a bus not made by DeltaBusManager, as an ordinary SDK event.
 */
export function publishDelta(bus: ExecutionEventBus, update: TaskStatusUpdateEvent): void {
  const relay = relays.get(bus);
  if (!relay) {
    bus.publish(AgentEvent.statusUpdate(update));
    return;
  }
  for (const stream of relay.streams) stream.deliver(update, relay.published);
}

/**
 * The SDK's bus manager, with each bus counting its events, and the stream a request expects
 * (`DeltaStream.expect`) attached to the bus when the SDK takes it for that request: in the same
 * synchronous step as the SDK attaches its own queue, so the stream and the queue see the same
 * events from the same point.
 */
export class DeltaBusManager implements ExecutionEventBusManager {
  private readonly inner = new DefaultExecutionEventBusManager();

  createOrGetByTaskId(taskId: string, context?: ServerCallContext): ExecutionEventBus {
    const bus = this.inner.createOrGetByTaskId(taskId, context);
    this.attach(bus, context);
    return bus;
  }

  getByTaskId(taskId: string, context?: ServerCallContext): ExecutionEventBus | undefined {
    const bus = this.inner.getByTaskId(taskId, context);
    if (bus) this.attach(bus, context);
    return bus;
  }

  cleanupByTaskId(taskId: string, context?: ServerCallContext): void {
    this.inner.cleanupByTaskId(taskId, context);
  }

  private attach(bus: ExecutionEventBus, context: ServerCallContext | undefined): void {
    let relay = relays.get(bus);
    if (!relay) {
      relay = new DeltaRelay();
      relays.set(bus, relay);
      bus.on("event", relay.count);
    }
    const stream = context && expected.get(context);
    if (!stream || !context) return;
    expected.delete(context);
    stream.attach(relay);
  }
}

/**
 * One client stream's deltas: written directly when the stream has sent every bus event published
 * before them, else held until it has. Without a writer they are yielded by `merge`.
 */
export class DeltaStream {
  private relay: DeltaRelay | undefined;
  /** The bus's event count when this stream attached. */
  private base = 0;
  /** Bus events this stream has sent since it attached. */
  private sent = 0;
  private closed = false;
  /** Deltas waiting for the bus events published before them (`after`: their count since attach). */
  private readonly held: { update: TaskStatusUpdateEvent; after: number }[] = [];
  /** Without a writer: deltas whose turn has come, for `merge` to yield. */
  private readonly ready: TaskStatusUpdateEvent[] = [];
  private wake: (() => void) | undefined;

  /**
   * @param open whether deltas may go out before `open()` is called (a resubscription first
   *   sends the task and the reply so far, which are not bus events).
   */
  constructor(
    private readonly writer: DirectWriter | undefined,
    private opened = true,
  ) {}

  /** A stream for the request with this context, attached when the SDK takes its task's bus. */
  static expect(context: ServerCallContext, open = true): DeltaStream {
    const writer = context.state.get(directWriterKey);
    const stream = new DeltaStream(
      typeof writer === "function" ? (writer as DirectWriter) : undefined,
      open,
    );
    expected.set(context, stream);
    return stream;
  }

  /** Whether the stream writes its deltas itself (else `merge` yields them). */
  get direct(): boolean {
    return this.writer !== undefined;
  }

  attach(relay: DeltaRelay): void {
    if (this.relay || this.closed) return;
    this.relay = relay;
    this.base = relay.published;
    relay.streams.add(this);
  }

  deliver(update: TaskStatusUpdateEvent, published: number): void {
    if (this.closed) return;
    const after = published - this.base;
    if (this.opened && this.held.length === 0 && after <= this.sent) this.send(update);
    else this.held.push({ update, after });
  }

  /** Deltas may go out from now on. */
  open(): void {
    this.opened = true;
    this.release();
  }

  /** The stream sent one bus event: the deltas published right after it may follow. */
  passed(): void {
    this.sent += 1;
    this.release();
  }

  /** Detaches: nothing more goes out. */
  close(context?: ServerCallContext): void {
    this.closed = true;
    if (context && expected.get(context) === this) expected.delete(context);
    this.relay?.streams.delete(this);
    this.held.length = 0;
    this.ready.length = 0;
    this.wakeUp();
  }

  private release(): void {
    if (!this.opened) return;
    let released = 0;
    for (const waiting of this.held) {
      if (waiting.after > this.sent) break;
      released += 1;
      this.send(waiting.update);
    }
    if (released > 0) this.held.splice(0, released);
  }

  private send(update: TaskStatusUpdateEvent): void {
    if (this.writer) {
      this.writer(asResponse(update));
      return;
    }
    this.ready.push(update);
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /**
   * The SDK's events of this stream (each one bus event), with this stream's deltas in order
   * among them when it has no writer; ends after the event `last` says ends the stream.
   */
  async *merge(
    events: AsyncGenerator<StreamResponse, void, undefined>,
    last: (response: StreamResponse) => boolean,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    let next: Promise<IteratorResult<StreamResponse, void>> | undefined;
    try {
      for (;;) {
        const update = this.ready.shift();
        if (update) {
          yield asResponse(update);
          continue;
        }
        next ??= events.next();
        if (!this.writer) {
          const woken = new Promise<undefined>((resolve) => {
            this.wake = () => resolve(undefined);
          });
          if ((await Promise.race([next, woken])) === undefined && !this.closed) continue;
        }
        const pending = next;
        next = undefined;
        const result = await pending;
        if (result.done) return;
        yield result.value;
        // The consumer asks for more once it has sent the event: the deltas after it may follow.
        this.passed();
        if (last(result.value)) return;
      }
    } finally {
      this.wake = undefined;
      // A next() still pending (the consumer left while a delta was out) returns the SDK's
      // generator once it settles; a failure there has no one left to go to.
      if (next) void next.then(() => events.return()).catch(() => undefined);
      else await events.return();
    }
  }
}
