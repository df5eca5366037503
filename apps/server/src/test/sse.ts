import { type StreamEnvelope, streamEnvelopeSchema } from "@a2a-chat/contracts";
import { createParser } from "eventsource-parser";

/** One received server-sent event. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string | undefined;
  envelope: StreamEnvelope;
}

/** Reads server-sent events from a streaming response, one at a time, with a timeout. */
export class SseReader {
  private readonly queue: ReceivedEvent[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(response: Response) {
    if (!response.body) throw new Error("response has no body");
    const reader = response.body.getReader();
    this.reader = reader;
    const parser = createParser({
      onEvent: (event) => {
        this.queue.push({
          id: event.id,
          event: event.event,
          envelope: streamEnvelopeSchema.parse(JSON.parse(event.data)),
        });
        this.notify();
      },
    });
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // cancelled or connection lost
      }
      this.ended = true;
      this.notify();
    })();
  }

  /** The next event; rejects after timeoutMs, or when the stream ended first. */
  async next(timeoutMs = 3000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.ended) throw new Error("stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.queue.shift() as ReceivedEvent;
  }

  /** The next n events. */
  async take(n: number, timeoutMs = 3000): Promise<ReceivedEvent[]> {
    const out: ReceivedEvent[] = [];
    for (let i = 0; i < n; i++) out.push(await this.next(timeoutMs));
    return out;
  }

  /** Resolves true if no event arrives within ms. */
  async quietFor(ms: number): Promise<boolean> {
    try {
      await this.next(ms);
      return false;
    } catch {
      return true;
    }
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
