import type { ContextRecord, StreamEventType } from "@a2a-chat/contracts";

/** One SSE message as the server frames it. */
export function sseMessage(message: { event?: string; id?: string; data: unknown }): string {
  const lines: string[] = [];
  if (message.event) lines.push(`event: ${message.event}`);
  if (message.id) lines.push(`id: ${message.id}`);
  const data = typeof message.data === "string" ? message.data : JSON.stringify(message.data);
  lines.push(`data: ${data}`);
  return `${lines.join("\n")}\n\n`;
}

/** A stream event as the server sends it: the event type, its log id and the JSON envelope. */
export function streamEvent(type: StreamEventType, data: unknown, id?: string): string {
  const contextId =
    data && typeof data === "object" && "context_id" in data ? String(data.context_id) : null;
  return sseMessage({
    event: type,
    ...(id ? { id } : {}),
    data: {
      event_type: type,
      context_id: contextId,
      user_id: "anon-1",
      data,
      timestamp: "2025-01-01T00:00:00.000Z",
    },
  });
}

/** A conversation record as the API sends it. */
export function contextRecord(id: string, overrides: Partial<ContextRecord> = {}): ContextRecord {
  return {
    context_id: id,
    name: `Name of ${id}`,
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-01T00:00:00.000Z",
    message_count: 0,
    task_count: 0,
    last_message_at: null,
    ...overrides,
  };
}

/** A text/event-stream response whose body the test writes to, ends or breaks. */
export function sseResponse() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { "content-type": "text/event-stream" },
  });
  return {
    response,
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
    fail: (error: Error) => controller?.error(error),
  };
}

/** A finished text/event-stream response carrying the given SSE text. */
export function sseReply(...texts: string[]): Response {
  const reply = sseResponse();
  for (const text of texts) reply.send(text);
  reply.end();
  return reply.response;
}

/** A JSON response. */
export function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}
