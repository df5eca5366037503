import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StreamTimers } from "../api/stream-client.js";
import type { FetchLike } from "../lib/api.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { resetAllStores } from "../stores/reset.js";
import { useStreamStore } from "../stores/stream-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { contextRecord, sseResponse, streamEvent } from "../test/sse-fixture.js";
import { useContextStream } from "./useContextStream.js";

const timers: StreamTimers = { setTimeout: () => 0, clearTimeout: () => undefined };
const contexts = () => useContextsStore.getState();

describe("useContextStream", () => {
  let replies: Array<ReturnType<typeof sseResponse>>;
  let fetchImpl: ReturnType<typeof vi.fn<FetchLike>>;

  function Probe() {
    useContextStream({ fetchImpl, timers });
    return null;
  }

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    resetAllStores();
    replies = [];
    fetchImpl = vi.fn<FetchLike>(async () => {
      const reply = sseResponse();
      replies.push(reply);
      return reply.response;
    });
  });
  afterEach(() => useAuthStore.getState().clearAuth());

  it("feeds stream events into the conversations store and the status into the stream store", async () => {
    const view = render(<Probe />);
    await vi.waitFor(() => expect(useStreamStore.getState().status).toBe("connected"));
    const stream = replies[0];
    if (!stream) throw new Error("no connection");

    act(() => stream.send(streamEvent("snapshot", { contexts: [contextRecord("c1")] }, "1")));
    await vi.waitFor(() => expect(contexts().currentContextId).toBe("c1"));
    stream.send(streamEvent("context_created", contextRecord("c2"), "2"));
    stream.send(streamEvent("context_updated", contextRecord("c1", { name: "Renamed" }), "3"));
    const stats = {
      context_id: "c2",
      message_count: 5,
      task_count: 1,
      last_message_at: "2025-01-03T00:00:00.000Z",
      updated_at: "2025-01-03T00:00:00.000Z",
    };
    stream.send(streamEvent("context_stats", stats, "4"));
    stream.send(streamEvent("context_deleted", { context_id: "c1" }, "5"));
    await vi.waitFor(() => expect(contexts().conversations.map((c) => c.id)).toEqual(["c2"]));
    expect(contexts().conversations[0]?.messageCount).toBe(5);
    expect(contexts().currentContextId).toBe("c2");

    view.unmount();
    expect(useStreamStore.getState().status).toBe("disconnected");
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it("opens a new connection for a different user and closes the old one", async () => {
    render(<Probe />);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const next = anonymousReply("anon-2");
    act(() => useAuthStore.getState().setAnonymousAuth(next));
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(new Headers(fetchImpl.mock.calls[1]?.[1]?.headers).get("authorization")).toBe(
      `Bearer ${next.access_token}`,
    );
  });

  it("tries again when the browser comes back online after the stream gave up", async () => {
    let failing = true;
    fetchImpl.mockImplementation(async () => {
      if (failing) throw new TypeError("offline");
      const reply = sseResponse();
      replies.push(reply);
      return reply.response;
    });
    render(<Probe />);
    await vi.waitFor(() => expect(useStreamStore.getState().status).toBe("error"));
    const callsWhileDown = fetchImpl.mock.calls.length;
    failing = false;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await vi.waitFor(() => expect(useStreamStore.getState().status).toBe("connected"));
    expect(fetchImpl.mock.calls.length).toBe(callsWhileDown + 1);
  });

  it("stays closed without a session", () => {
    useAuthStore.getState().clearAuth();
    render(<Probe />);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(useStreamStore.getState().status).toBe("disconnected");
  });
});
