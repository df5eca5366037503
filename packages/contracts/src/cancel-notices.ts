/** A fetch as the MCP SDK's transports call it. */
export type NoticeFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** How long a cancellation notice may take to reach the server before the session closes. */
export const cancelNoticeWaitMs = 2000;

/**
 * A fetch that lets a `notifications/cancelled` POST outlive the MCP session it belongs to:
 * closing the client aborts the transport's requests, which would drop the notice the SDK sends
 * (without waiting) when a call is aborted; `settle` waits for such notices, briefly. Used by the
 * browser's tool runner and by the server's proxy of MCP servers alike.
 */
export function keepingCancelNotices<F extends NoticeFetch>(fetchImpl: F) {
  const notices = new Set<Promise<unknown>>();
  const wrapped = ((url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? init.body : "";
    if (!body.includes('"notifications/cancelled"')) return fetchImpl(url, init);
    const { signal: _dropped, ...rest } = init ?? {};
    const sent = fetchImpl(url, rest);
    notices.add(sent);
    void sent.catch(() => undefined).finally(() => notices.delete(sent));
    return sent;
  }) as F;
  const settle = async () => {
    if (notices.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...notices]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, cancelNoticeWaitMs);
      }),
    ]);
    clearTimeout(timer);
  };
  return { fetch: wrapped, settle };
}

/**
 * Runs one MCP request with a signal that follows `signal` only until the request is done. The
 * SDK keeps listening to the signal a request was given and, when it aborts later (the caller
 * cancelling a tool call), sends the server notifications/cancelled for every finished request
 * too: the session's initialize among them, which MCP forbids cancelling.
 */
export async function whileRunning<T>(
  signal: AbortSignal | undefined,
  work: (scoped: AbortSignal) => Promise<T>,
): Promise<T> {
  const scoped = new AbortController();
  const stop = () => scoped.abort(signal?.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    return await work(scoped.signal);
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}
