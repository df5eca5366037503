import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import {
  contextRecord,
  jsonReply,
  sseReply,
  sseResponse,
  streamEvent,
} from "../test/sse-fixture.js";
import { StreamClient, type StreamStatus, type StreamTimers, streamPath } from "./stream-client.js";
import type { StreamHandlers } from "./stream-event.js";

function manualTimers() {
  const pending: Array<{ handle: number; callback: () => void }> = [];
  const delays: number[] = [];
  let next = 1;
  const timers: StreamTimers = {
    setTimeout: (callback, ms) => {
      delays.push(ms);
      pending.push({ handle: next, callback });
      return next++;
    },
    clearTimeout: (handle) => {
      const index = pending.findIndex((timer) => timer.handle === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const runNext = () => pending.shift()?.callback();
  return { timers, pending, delays, runNext };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const headersOf = (fetchImpl: ReturnType<typeof vi.fn<FetchLike>>, call: number) =>
  new Headers(fetchImpl.mock.calls[call]?.[1]?.headers);
const networkDown = async (): Promise<Response> => {
  throw new TypeError("fetch failed");
};

describe("StreamClient", () => {
  let token: string;
  let statuses: StreamStatus[];
  let warn: MockInstance<typeof console.warn>;
  let client: StreamClient | undefined;

  const start = (
    fetchImpl: FetchLike,
    extra: { handlers?: StreamHandlers; timers?: StreamTimers; refresh?: () => Promise<string> },
  ) => {
    client = new StreamClient({
      getToken: () => token,
      handlers: extra.handlers ?? {},
      onStatus: (status) => statuses.push(status),
      fetchImpl,
      timers: extra.timers,
      refreshToken: extra.refresh ?? (async () => "unused"),
    });
    client.connect();
    return client;
  };

  beforeEach(() => {
    token = "token-1";
    statuses = [];
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    client?.close();
    client = undefined;
    warn.mockRestore();
    vi.useRealTimers();
  });

  it("connects with the bearer token and dispatches validated, typed events", async () => {
    const snapshot = vi.fn();
    const reply = sseResponse();
    const fetchImpl = vi.fn<FetchLike>(async () => reply.response);
    const stream = start(fetchImpl, { handlers: { snapshot } });
    expect(stream.getStatus()).toBe("connecting");

    reply.send(streamEvent("snapshot", { contexts: [contextRecord("c1")] }, "4"));
    await vi.waitFor(() => expect(snapshot).toHaveBeenCalledTimes(1));

    expect(fetchImpl.mock.calls[0]?.[0]).toBe(streamPath);
    const headers = headersOf(fetchImpl, 0);
    expect(headers.get("authorization")).toBe("Bearer token-1");
    expect(headers.get("accept")).toBe("text/event-stream");
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headers.get("last-event-id")).toBeNull();
    expect(fetchImpl.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    expect(snapshot.mock.calls[0]?.[0]).toEqual({ contexts: [contextRecord("c1")] });
    expect(statuses).toEqual(["connecting", "connected"]);
    expect(stream.getLastEventId()).toBe("4");
  });

  it("reconnects after 2000, 4000, 8000, 16000 and 32000 ms, then gives up", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<FetchLike>(networkDown);
    const stream = start(fetchImpl, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    for (const [attempt, delay] of [2000, 4000, 8000, 16000, 32000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(attempt + 2);
    }
    await vi.advanceTimersByTimeAsync(10 * 64_000);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    expect(stream.getStatus()).toBe("error");
    expect(vi.getTimerCount()).toBe(0);
    expect(statuses.slice(0, 3)).toEqual(["connecting", "error", "connecting"]);
  });

  it("resumes with Last-Event-ID and starts a fresh series of attempts after events", async () => {
    const t = manualTimers();
    const heartbeat = vi.fn();
    const replies = [
      sseReply(
        streamEvent("snapshot", { contexts: [] }, "7"),
        streamEvent("context_created", contextRecord("c1"), "8"),
        streamEvent("heartbeat", {}),
      ),
      jsonReply(503, { message: "busy" }),
      sseReply(streamEvent("context_deleted", { context_id: "c1" }, "9")),
      sseReply(),
    ];
    const fetchImpl = vi.fn<FetchLike>(async () => replies.shift() ?? sseReply());
    start(fetchImpl, { timers: t.timers, handlers: { heartbeat } });

    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    expect(heartbeat).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(["connecting", "connected", "disconnected"]);
    for (let call = 1; call <= 3; call++) {
      t.runNext();
      await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(call + 1));
      await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    }
    expect(headersOf(fetchImpl, 1).get("last-event-id")).toBe("8");
    expect(headersOf(fetchImpl, 2).get("last-event-id")).toBe("8");
    expect(headersOf(fetchImpl, 3).get("last-event-id")).toBe("9");
    // Events reset the counter: the 503 in between counted as a second attempt only.
    expect(t.delays).toEqual([2000, 4000, 2000, 4000]);
  });

  it("renews the token on 401 and reconnects at once with the new one", async () => {
    const t = manualTimers();
    const snapshot = vi.fn();
    const open = sseResponse();
    open.send(streamEvent("snapshot", { contexts: [] }, "1"));
    const replies = [jsonReply(401, { message: "Invalid or expired JWT token" }), open.response];
    const fetchImpl = vi.fn<FetchLike>(async () => replies.shift() ?? sseReply());
    const refresh = vi.fn(async () => {
      token = "token-2";
      return token;
    });
    start(fetchImpl, { timers: t.timers, refresh, handlers: { snapshot } });

    await vi.waitFor(() => expect(snapshot).toHaveBeenCalledTimes(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchImpl, 0).get("authorization")).toBe("Bearer token-1");
    expect(headersOf(fetchImpl, 1).get("authorization")).toBe("Bearer token-2");
    expect(t.delays).toEqual([]);
  });

  it("stops when the token cannot be renewed", async () => {
    const t = manualTimers();
    const fetchImpl = vi.fn<FetchLike>(async () => jsonReply(401, { message: "Invalid" }));
    const refresh = vi.fn(async (): Promise<string> => {
      throw new Error("refresh failed");
    });
    const stream = start(fetchImpl, { timers: t.timers, refresh });

    await vi.waitFor(() => expect(stream.getStatus()).toBe("error"));
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(t.pending).toHaveLength(0);
  });

  it("does not renew twice in a row when the new token is refused too", async () => {
    const t = manualTimers();
    const fetchImpl = vi.fn<FetchLike>(async () => jsonReply(401, { message: "Invalid" }));
    const refresh = vi.fn(async () => "token-2");
    start(fetchImpl, { timers: t.timers, refresh });

    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(t.delays).toEqual([2000]);
  });

  it("warns about unknown event types and invalid events, and keeps going", async () => {
    const created = vi.fn();
    const reply = sseResponse();
    start(
      vi.fn<FetchLike>(async () => reply.response),
      { handlers: { context_created: created } },
    );
    reply.send('event: mystery_event\nid: 3\ndata: {"anything":true}\n\n');
    reply.send(streamEvent("context_created", { context_id: "c1" }, "4"));
    reply.send(streamEvent("context_created", contextRecord("c2"), "5"));
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1));

    expect(created.mock.calls[0]?.[0]).toEqual(contextRecord("c2"));
    expect(warn).toHaveBeenCalledWith("[a2a-chat] Unknown stream event type: mystery_event");
    expect(warn).toHaveBeenCalledWith(
      "[a2a-chat] Live stream: ignored an invalid context_created event",
      expect.any(String),
    );
    expect(client?.getLastEventId()).toBe("5");
  });

  it("retries when the server refuses more connections (429)", async () => {
    const t = manualTimers();
    const fetchImpl = vi.fn<FetchLike>(async () => jsonReply(429, { message: "Too many" }));
    const stream = start(fetchImpl, { timers: t.timers });
    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    expect(stream.getStatus()).toBe("error");
    expect(t.delays).toEqual([2000]);
  });

  it("stops everything on close", async () => {
    const t = manualTimers();
    const snapshot = vi.fn();
    const reply = sseResponse();
    const fetchImpl = vi.fn<FetchLike>(async () => reply.response);
    const stream = start(fetchImpl, { timers: t.timers, handlers: { snapshot } });
    await vi.waitFor(() => expect(stream.getStatus()).toBe("connected"));

    stream.close();
    expect(stream.getStatus()).toBe("disconnected");
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    await settle();
    expect(snapshot).not.toHaveBeenCalled();
    expect(t.pending).toHaveLength(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("disconnected");
  });

  it("cancels a pending reconnect on close", async () => {
    const t = manualTimers();
    const fetchImpl = vi.fn<FetchLike>(networkDown);
    const stream = start(fetchImpl, { timers: t.timers });
    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    stream.close();
    expect(t.pending).toHaveLength(0);
    expect(stream.getStatus()).toBe("disconnected");
  });
});
