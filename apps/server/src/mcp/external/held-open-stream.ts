/**
 * A stream that passes on another's chunks but does not end when that one ends or fails: it
 * ends only when cancelled or when the signal aborts. A short session that listens to a server's
 * notification stream uses it so that the stream going away (the server closing it, a network
 * break) is not taken for the loss of the call the session was opened for.
 */
export function heldOpen(
  source: ReadableStream<Uint8Array>,
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        if (closed) return;
        closed = true;
        controller.close();
        void reader.cancel().catch(() => undefined);
      };
      if (signal?.aborted) end();
      else signal?.addEventListener("abort", end, { once: true });
    },
    async pull(controller) {
      if (closed) return;
      try {
        const { done, value } = await reader.read();
        if (!done && !closed) controller.enqueue(value);
        // Ended or failed: nothing more comes, and nothing is said.
        if (done) await new Promise<void>(() => undefined);
      } catch {
        await new Promise<void>(() => undefined);
      }
    },
    cancel() {
      closed = true;
      void reader.cancel().catch(() => undefined);
    },
  });
}
