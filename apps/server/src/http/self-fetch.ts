import type { Hono } from "hono";
import type { AppEnv } from "./env.js";

/**
 * Ends a streamed response body when the signal aborts, as a real fetch does; app.fetch alone
 * would keep the body open. Cancelling also cancels the app's side of the stream.
 */
export function endBodyOnAbort(
  response: Response,
  signal: AbortSignal | null | undefined,
): Response {
  if (!signal || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener("abort", () => {
        try {
          controller.error(signal.reason);
        } catch {
          // already closed
        }
        reader.cancel(signal.reason).catch(() => {});
      });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (signal.aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, response);
}

/** A fetch answered by the app itself, with no socket; `prepare` may adjust each request. */
export function selfFetch(
  app: Hono<AppEnv>,
  prepare: (request: Request) => void = () => {},
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    prepare(request);
    return endBodyOnAbort(await app.fetch(request), request.signal);
  };
}
