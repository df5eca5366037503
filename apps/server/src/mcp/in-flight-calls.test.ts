import { describe, expect, it } from "vitest";
import { cancelledIds, InFlightCalls, toolCallIds } from "./in-flight-calls.js";

describe("in-flight tool calls", () => {
  it("cancels the caller's call with that id, and only that one", () => {
    const calls = new InFlightCalls();
    const mine = new AbortController();
    const myOther = new AbortController();
    const theirs = new AbortController();
    calls.add("alice", 1, mine);
    calls.add("alice", 2, myOther);
    calls.add("bob", 1, theirs);
    expect(calls.size).toBe(3);

    expect(calls.cancel("alice", 1, "stop")).toBe(true);
    expect(mine.signal.aborted).toBe(true);
    expect((mine.signal.reason as Error).message).toBe("stop");
    expect(myOther.signal.aborted).toBe(false);
    expect(theirs.signal.aborted).toBe(false);
  });

  it("does nothing for another user's id or an unknown one", () => {
    const calls = new InFlightCalls();
    const theirs = new AbortController();
    calls.add("bob", 7, theirs);
    expect(calls.cancel("mallory", 7, "stop")).toBe(false);
    expect(calls.cancel("bob", 8, "stop")).toBe(false);
    expect(theirs.signal.aborted).toBe(false);
  });

  it("keeps numeric and string ids apart", () => {
    const calls = new InFlightCalls();
    const numeric = new AbortController();
    calls.add("alice", 1, numeric);
    expect(calls.cancel("alice", "1", "stop")).toBe(false);
    expect(numeric.signal.aborted).toBe(false);
  });

  it("removes a call; a stale removal does not drop a newer call with the same id", () => {
    const calls = new InFlightCalls();
    const first = new AbortController();
    const removeFirst = calls.add("alice", 1, first);
    removeFirst();
    expect(calls.size).toBe(0);
    expect(calls.cancel("alice", 1, "stop")).toBe(false);
    expect(first.signal.aborted).toBe(false);

    const again = calls.add("alice", 1, first);
    const second = new AbortController();
    calls.add("alice", 1, second);
    again();
    expect(calls.size).toBe(1);
    expect(calls.cancel("alice", 1, "stop")).toBe(true);
    expect(second.signal.aborted).toBe(true);
  });

  it("reads tool-call ids and cancellations from a POST body, single or batched", () => {
    const call = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "x" } };
    const cancel = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 3, reason: "enough" },
    };
    expect(toolCallIds(call)).toEqual([3]);
    expect(toolCallIds([call, { jsonrpc: "2.0", id: 4, method: "tools/list" }])).toEqual([3]);
    expect(cancelledIds(cancel)).toEqual([{ id: 3, reason: "enough" }]);
    expect(
      cancelledIds([{ method: "notifications/cancelled", params: { requestId: "a" } }, null]),
    ).toEqual([{ id: "a", reason: "Cancelled by the caller" }]);
    expect(toolCallIds("nonsense")).toEqual([]);
  });
});
