import type { Message as ChatMessage } from "@a2a-chat/contracts";
import {
  A2A_VERSION_HEADER,
  type Message as SdkMessage,
  SendMessageRequest,
  StreamResponse,
} from "@a2a-js/sdk";
import { legacyPushNotificationToV1StreamResponse } from "@a2a-js/sdk/compat/v0_3";
import { fromJsonRpcErrorResponse } from "@a2a-js/sdk/errors";
import {
  type BodyFlow,
  type GuardedAnswer,
  maxUnreadBodyBytes,
} from "../net/guarded-stream-fetch.js";

/** Largest event (or line) an agent may send: the SDK client's own limit. */
export const maxAgentEventBytes = 4 * 1024 * 1024;

/** The agent and the message a reply is asked of. */
export interface AgentStreamCall {
  endpoint: string;
  protocol: "1.0" | "0.3";
  /** The user's message as we store it (also the A2A 0.3 wire shape). */
  message: ChatMessage;
  /** The same message as the SDK's 1.0 type. */
  sdkMessage: SdkMessage;
  signal: AbortSignal;
}

/**
 * How the agent is asked: a fetch, or the guarded streaming fetch's open (its event stream then
 * read off the socket as it comes, see listenedSseData).
 */
export type AgentFetch = (input: string, init: RequestInit) => Promise<Response | GuardedAnswer>;

let nextRequestId = 1;

function requestOf(call: AgentStreamCall, id: number) {
  if (call.protocol === "0.3")
    return {
      jsonrpc: "2.0",
      id,
      method: "message/stream",
      params: {
        message: { kind: "message", ...call.message },
        configuration: { blocking: true, acceptedOutputModes: [] },
      },
    };
  return {
    jsonrpc: "2.0",
    id,
    method: "SendStreamingMessage",
    params: SendMessageRequest.toJSON({
      tenant: "",
      message: call.sdkMessage,
      configuration: {
        acceptedOutputModes: [],
        taskPushNotificationConfig: undefined,
        historyLength: undefined,
        returnImmediately: false,
      },
      metadata: undefined,
    }),
  };
}

/** An answer that is not an event stream: its JSON-RPC error if it carries one, else a plain error. */
async function refusal(response: Response, method: string): Promise<Error> {
  const body = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(body);
    if (parsed?.error) return fromJsonRpcErrorResponse(parsed);
  } catch {
    // not JSON: the plain error below
  }
  return response.ok
    ? new Error(
        `Invalid response Content-Type for SSE stream for ${method}. Expected 'text/event-stream'.`,
      )
    : new Error(
        `HTTP error establishing stream for ${method}: ${response.status} ${response.statusText}. Response: ${body || "(empty)"}`,
      );
}

function sizeError(what: string): Error {
  return new Error(
    `${what} exceeded the maximum allowed size of ${maxAgentEventBytes} bytes. Pass maxEventSizeBytes to raise the limit, or prefer FileWithUri parts for large payloads.`,
  );
}

/** The ids of a 0.3 event that the SDK's conversion wants non-empty, by the event's kind. */
const legacyIdFields = new Map([
  ["task", ["id", "contextId"]],
  ["status-update", ["taskId", "contextId"]],
  ["artifact-update", ["taskId", "contextId"]],
]);

/**
 * A 0.3 event as the SDK's 1.0 StreamResponse, converted by the SDK. Its conversion (made for
 * push notifications) refuses an empty task or context id, which the 0.3 spec allows (a string)
 * and real agents send (a2a-dotnet 0.3's TaskManager: status updates with contextId ""), and the
 * SDK client's own stream reader took: such an event is converted with a stand-in, the id given
 * back empty. An id that is missing is still refused.
 */
function legacyEventOf(result: unknown): StreamResponse {
  const event =
    typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  const fields = legacyIdFields.get(String(event.kind)) ?? [];
  const empty = fields.filter((field) => event[field] === "");
  if (empty.length === 0) return legacyPushNotificationToV1StreamResponse(result);
  const standIns = Object.fromEntries(empty.map((field) => [field, "-"]));
  const response = legacyPushNotificationToV1StreamResponse({ ...event, ...standIns });
  const value = response.payload?.value as Record<string, unknown> | undefined;
  if (value) for (const field of empty) value[field] = "";
  return response;
}

/** One event's data as the SDK's 1.0 StreamResponse (a 0.3 event converted by the SDK). */
export function eventOf(data: string, requestId: number, protocol: "1.0" | "0.3"): StreamResponse {
  if (!data.trim()) throw new Error("Attempted to process empty SSE event data.");
  let parsed: { jsonrpc?: unknown; id?: unknown; error?: unknown; result?: unknown };
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw new Error(
      `Failed to parse SSE event data: "${data.substring(0, 100)}...". Original error: ${(error instanceof Error && error.message) || "Unknown error"}`,
      { cause: error },
    );
  }
  if (typeof parsed !== "object" || parsed === null)
    throw new Error(`SSE event JSON-RPC response is missing 'result' field. Data: ${data}`);
  if (protocol === "1.0" && parsed.jsonrpc !== "2.0")
    throw new Error(
      `Invalid JSON-RPC response for SSE event: expected 'jsonrpc' to be exactly '2.0', got ${"jsonrpc" in parsed ? JSON.stringify(parsed.jsonrpc) : "undefined"}.`,
    );
  if (parsed.id !== requestId)
    throw new Error(
      `JSON-RPC response ID mismatch in SSE event. Expected ${requestId}, got ${String(parsed.id)}.`,
    );
  if (parsed.error) {
    const error = parsed.error as { message?: string; code?: number; data?: unknown };
    throw new Error(
      `SSE event contained an error: ${error.message} (Code: ${error.code}) Data: ${JSON.stringify(error.data || {})}`,
      { cause: fromJsonRpcErrorResponse(parsed as Parameters<typeof fromJsonRpcErrorResponse>[0]) },
    );
  }
  if (parsed.result === undefined || parsed.result === null)
    throw new Error(`SSE event JSON-RPC response is missing 'result' field. Data: ${data}`);
  return protocol === "0.3" ? legacyEventOf(parsed.result) : StreamResponse.fromJSON(parsed.result);
}

/**
 * The data of each server-sent event in a body's text, given piece by piece: lines split in place
 * (LF or CRLF, as the SDK's reader), comments and other fields skipped, multi-line data joined.
 */
export class SseDataParser {
  private rest = "";
  private data: string | undefined;

  /**
   * Adds to `events` the events the text completes, in order (`ended`: the body ended after it);
   * an event or line over the size limit throws, after the events before it were added.
   */
  push(text: string, ended: boolean, events: string[]): void {
    const buffer = this.rest + text;
    let start = 0;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n", start)) {
      if (end - start > maxAgentEventBytes) throw sizeError("SSE line");
      const lineEnd = end > start && buffer.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (lineEnd === start) {
        if (this.data) events.push(this.data);
        this.data = undefined;
      } else if (buffer.startsWith("data:", start)) {
        const from = buffer.charCodeAt(start + 5) === 32 ? start + 6 : start + 5;
        const value = buffer.slice(from, lineEnd);
        this.data = this.data === undefined ? value : `${this.data}\n${value}`;
        if (this.data.length > maxAgentEventBytes) throw sizeError("SSE event data");
      }
      start = end + 1;
    }
    this.rest = start === 0 ? buffer : buffer.slice(start);
    if (this.rest.length > maxAgentEventBytes) throw sizeError("SSE line");
    if (ended && this.data) {
      events.push(this.data);
      this.data = undefined;
    }
  }
}

/** The data of each server-sent event in a web body's chunks: one decoder, see SseDataParser. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const parser = new SseDataParser();
  const reader = body.getReader();
  const events: string[] = [];
  try {
    for (;;) {
      const read = await reader.read();
      const text = read.done ? decoder.decode() : decoder.decode(read.value, { stream: true });
      try {
        parser.push(text, read.done, events);
      } finally {
        // The events before a line over the limit still go out, then its error.
        for (const data of events.splice(0)) yield data;
      }
      if (read.done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * What an event waiting to be read counts against maxUnreadBodyBytes besides its data's length:
 * a string's own cost, so a flood of tiny events is bounded too.
 */
const waitingEventBytes = 64;

/**
 * The data of each server-sent event of a guarded answer, its chunks taken as the socket gives
 * them (no web stream): one decoder, see SseDataParser. Events that arrived go out before a
 * failure of the body (a line over the limit, cut when idle, dropped), which is thrown after them.
 * The socket is paused while the events waiting for the reader pass maxUnreadBodyBytes, and read
 * again once the reader took them below half.
 */
export async function* listenedSseData(answer: GuardedAnswer): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const parser = new SseDataParser();
  const waiting: string[] = [];
  let next = 0;
  let waitingBytes = 0;
  let paused = false;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let flow: BodyFlow | undefined;
  const wakeUp = () => {
    const woken = wake;
    wake = undefined;
    woken?.();
  };
  const take = (text: string, end: boolean) => {
    const before = waiting.length;
    try {
      parser.push(text, end, waiting);
    } catch (error) {
      failure = error;
      flow?.cancel();
    }
    for (let i = before; i < waiting.length; i += 1)
      waitingBytes += (waiting[i] as string).length + waitingEventBytes;
    if (!paused && waitingBytes > maxUnreadBodyBytes) {
      paused = true;
      flow?.pause();
    }
  };
  flow = answer.listen({
    data: (chunk) => {
      if (failure === undefined) take(decoder.decode(chunk, { stream: true }), false);
      wakeUp();
    },
    end: () => {
      if (failure === undefined) take(decoder.decode(), true);
      ended = true;
      wakeUp();
    },
    error: (error) => {
      failure ??= error;
      wakeUp();
    },
  });
  try {
    for (;;) {
      if (next < waiting.length) {
        const data = waiting[next] as string;
        next += 1;
        // Events taken leave the array once they are as many as those left (the reader may
        // never catch up with a steady stream): it holds twice the events waiting at most.
        if (next === waiting.length) {
          waiting.length = 0;
          next = 0;
        } else if (next >= 1024 && next * 2 >= waiting.length) {
          waiting.splice(0, next);
          next = 0;
        }
        waitingBytes -= data.length + waitingEventBytes;
        if (paused && waitingBytes <= maxUnreadBodyBytes / 2) {
          paused = false;
          flow.resume();
        }
        yield data;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    flow.cancel();
  }
}

/**
 * Sends the user's message to the agent as a streaming request (A2A 1.0 or 0.3) and yields the
 * agent's events as SDK StreamResponses. Reads the body with one decoder and a small line
 * splitter rather than the SDK client's TextDecoderStream pipe and generator layers (per event
 * it allocated ~20 KB on the proxy); the errors keep the SDK client's texts.
 */
export async function* streamAgentReply(
  fetchImpl: AgentFetch,
  call: AgentStreamCall,
): AsyncGenerator<StreamResponse> {
  const id = nextRequestId++;
  const request = requestOf(call, id);
  const response = await fetchImpl(call.endpoint, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "text/event-stream",
      [A2A_VERSION_HEADER]: call.protocol,
    },
    body: JSON.stringify(request),
    signal: call.signal,
  });
  const web = response instanceof Response ? response : undefined;
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/event-stream"))
    throw await refusal(web ?? (response as GuardedAnswer).response(), request.method);
  if (web && !web.body) throw new Error("SSE response body is undefined. Cannot read stream.");
  const events = web?.body ? sseData(web.body) : listenedSseData(response as GuardedAnswer);
  for await (const data of events) yield eventOf(data, id, call.protocol);
}
