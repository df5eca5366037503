import { EventEmitter } from "node:events";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { watchClient } from "./client-connection.js";
import type { AppEnv } from "./env.js";

/** A stand-in for Node's response: what watchClient reads of it. */
class FakeOutgoing extends EventEmitter {
  destroyed = false;
  closed = false;
  socket: { destroyed: boolean; resetAndDestroy: () => void } | null = {
    destroyed: false,
    resetAndDestroy: () => {
      if (this.socket) this.socket.destroyed = true;
    },
  };
}

const contextOf = (outgoing?: FakeOutgoing, signal?: AbortSignal) =>
  ({
    env: outgoing ? { outgoing } : undefined,
    req: { raw: { signal: signal ?? new AbortController().signal } },
  }) as unknown as Context<AppEnv>;

describe("watchClient", () => {
  it("calls gone at once for a client whose connection closed before the watch began", () => {
    // The race of a client that leaves within milliseconds: its socket is gone before the stream
    // route runs, and no close event will come any more.
    for (const gone of [
      (o: FakeOutgoing) => {
        o.destroyed = true;
      },
      (o: FakeOutgoing) => {
        o.closed = true;
      },
      (o: FakeOutgoing) => {
        if (o.socket) o.socket.destroyed = true;
      },
    ]) {
      const outgoing = new FakeOutgoing();
      gone(outgoing);
      let calls = 0;
      const client = watchClient(contextOf(outgoing), () => {
        calls += 1;
      });
      expect(calls).toBe(1);
      expect(client.isGone()).toBe(true);
      outgoing.emit("close");
      expect(calls).toBe(1);
    }
  });

  it("calls gone once when the connection closes later, and reset drops the socket", () => {
    const outgoing = new FakeOutgoing();
    let calls = 0;
    const client = watchClient(contextOf(outgoing), () => {
      calls += 1;
    });
    expect(calls).toBe(0);
    expect(client.isGone()).toBe(false);
    outgoing.emit("close");
    outgoing.emit("close");
    expect(calls).toBe(1);

    const other = new FakeOutgoing();
    let otherCalls = 0;
    watchClient(contextOf(other), () => {
      otherCalls += 1;
    }).reset();
    expect(other.socket?.destroyed).toBe(true);
    expect(otherCalls).toBe(1);
  });

  it("follows the request's signal without Node's response (in-process requests)", () => {
    const aborted = new AbortController();
    aborted.abort();
    let calls = 0;
    watchClient(contextOf(undefined, aborted.signal), () => {
      calls += 1;
    });
    expect(calls).toBe(1);

    const later = new AbortController();
    let laterCalls = 0;
    const client = watchClient(contextOf(undefined, later.signal), () => {
      laterCalls += 1;
    });
    expect(client.isGone()).toBe(false);
    later.abort();
    expect(laterCalls).toBe(1);
  });
});
