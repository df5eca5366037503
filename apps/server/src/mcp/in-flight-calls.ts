/**
 * Tool calls in progress on this process, by caller and JSON-RPC request id. Our servers are
 * stateless (a fresh server per HTTP request, so any replica can answer), which means an MCP
 * `notifications/cancelled` arrives in another request than the call it cancels; this table joins
 * the two. A cancel that lands on another replica finds nothing; closing the call's HTTP
 * response still stops it there.
 */
export class InFlightCalls {
  private readonly calls = new Map<string, AbortController>();

  private key(userId: string, requestId: string | number): string {
    return `${userId}\u0000${typeof requestId}:${requestId}`;
  }

  /** Registers a call; the returned function removes it again. */
  add(userId: string, requestId: string | number, controller: AbortController): () => void {
    const key = this.key(userId, requestId);
    this.calls.set(key, controller);
    return () => {
      if (this.calls.get(key) === controller) this.calls.delete(key);
    };
  }

  /** Aborts the caller's call with that id, if it runs here; true when one was found. */
  cancel(userId: string, requestId: string | number, reason: string): boolean {
    const controller = this.calls.get(this.key(userId, requestId));
    if (!controller) return false;
    controller.abort(new Error(reason));
    return true;
  }

  get size(): number {
    return this.calls.size;
  }
}

interface JsonRpcLike {
  method?: unknown;
  id?: unknown;
  params?: { requestId?: unknown; reason?: unknown };
}

const isId = (value: unknown): value is string | number =>
  typeof value === "string" || typeof value === "number";

/** The JSON-RPC messages of a POST body (one message or a batch). */
function messagesOf(body: unknown): JsonRpcLike[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is JsonRpcLike => typeof m === "object" && m !== null);
}

/** Ids of the tools/call requests in a POST body. */
export function toolCallIds(body: unknown): (string | number)[] {
  return messagesOf(body)
    .filter((m) => m.method === "tools/call" && isId(m.id))
    .map((m) => m.id as string | number);
}

/** Request ids named by `notifications/cancelled` messages in a POST body, with reasons. */
export function cancelledIds(body: unknown): { id: string | number; reason: string }[] {
  return messagesOf(body)
    .filter((m) => m.method === "notifications/cancelled" && isId(m.params?.requestId))
    .map((m) => ({
      id: m.params?.requestId as string | number,
      reason: typeof m.params?.reason === "string" ? m.params.reason : "Cancelled by the caller",
    }));
}
