import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import {
  contextRecord,
  jsonReply,
  sseReply,
  sseResponse,
  streamEvent,
} from "../test/sse-fixture.js";
import {
  StreamClient,
  type StreamStatus,
  type StreamTimers,
  streamPath,
  streamReconnectDelayMs,
} from "./stream-client.js";
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

  it("reconnects after 2000, 4000, 8000, 16000 and 32000 ms, then slowly for as long as it is open", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<FetchLike>(networkDown);
    const retryAt: Array<number | null> = [];
    client = new StreamClient({
      getToken: () => token,
      handlers: {},
      onStatus: (status) => statuses.push(status),
      onRetryScheduled: (at) => retryAt.push(at),
      fetchImpl,
      slowRetryDelayMs: 45_000,
    });
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    for (const [attempt, delay] of [2000, 4000, 8000, 16000, 32000, 45_000, 45_000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(attempt + 2);
    }
    expect(client.getStatus()).toBe("error");
    // One pending attempt at a time, announced with when it is due.
    expect(vi.getTimerCount()).toBe(1);
    expect(retryAt.at(-1)).toBe(Date.now() + 45_000);
    expect(statuses.slice(0, 3)).toEqual(["connecting", "error", "connecting"]);
    expect(warn).toHaveBeenCalledWith(
      "[a2a-chat] Live stream: 5 reconnects failed; trying again every 45 s",
    );
    client.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(retryAt.at(-1)).toBeNull();
  });

  it("uses a one-minute interval by default once the quick attempts are spent", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => streamReconnectDelayMs(n))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60_000, 60_000,
    ]);
  });

  it("a server that comes back during the slow attempts is resumed from the last event", async () => {
    const t = manualTimers();
    const created = vi.fn();
    let serverUp = true;
    let opened = 0;
    const fetchImpl = vi.fn<FetchLike>(async (): Promise<Response> => {
      if (!serverUp) throw new TypeError("fetch failed");
      opened += 1;
      return opened === 1
        ? sseReply(streamEvent("snapshot", { contexts: [] }, "12"))
        : sseReply(streamEvent("context_created", contextRecord("c9"), "13"));
    });
    start(fetchImpl, { timers: t.timers, handlers: { context_created: created } });
    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    serverUp = false;
    for (let attempt = 1; attempt <= 7; attempt++) {
      t.runNext();
      await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(attempt + 1));
      await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    }
    expect(client?.getStatus()).toBe("error");
    serverUp = true;
    t.runNext();
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(headersOf(fetchImpl, 8).get("last-event-id")).toBe("12");
    // The event proves the server is back: the next drop starts with a quick attempt again.
    await vi.waitFor(() => expect(t.pending).toHaveLength(1));
    expect(t.delays).toEqual([2000, 4000, 8000, 16000, 32000, 60_000, 60_000, 60_000, 2000]);
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
