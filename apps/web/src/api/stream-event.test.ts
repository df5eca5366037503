import { describe, expect, it, vi } from "vitest";
import { contextRecord } from "../test/sse-fixture.js";
import { dispatchStreamEvent, isStreamEventType, parseStreamEvent } from "./stream-event.js";

const envelope = (type: string, data: unknown) =>
  JSON.stringify({
    event_type: type,
    context_id: null,
    user_id: "u1",
    data,
    timestamp: "2025-01-01T00:00:00.000Z",
  });

describe("parseStreamEvent", () => {
  it("accepts a known event with valid data", () => {
    const parsed = parseStreamEvent(
      "context_deleted",
      envelope("context_deleted", { context_id: "c1" }),
    );
    expect(parsed).toMatchObject({ kind: "event", envelope: { data: { context_id: "c1" } } });
  });

  it("falls back to the envelope's type when the SSE event has no name", () => {
    const parsed = parseStreamEvent(undefined, envelope("heartbeat", {}));
    expect(parsed).toMatchObject({ kind: "event", envelope: { event_type: "heartbeat" } });
  });

  it("reports unknown types, whether named by the SSE event or the envelope", () => {
    expect(parseStreamEvent("surprise", "not json")).toEqual({
      kind: "unknown-type",
      type: "surprise",
    });
    expect(parseStreamEvent(undefined, envelope("surprise", {}))).toEqual({
      kind: "unknown-type",
      type: "surprise",
    });
  });

  it("rejects data that is not JSON, a mismatched envelope or data of the wrong shape", () => {
    expect(parseStreamEvent("snapshot", "{oops")).toMatchObject({
      kind: "invalid",
      type: "snapshot",
    });
    expect(parseStreamEvent("snapshot", envelope("heartbeat", {}))).toMatchObject({
      kind: "invalid",
    });
    expect(parseStreamEvent("snapshot", envelope("snapshot", { contexts: [{}] }))).toMatchObject({
      kind: "invalid",
    });
  });

  it("knows every type of the contract", () => {
    expect(isStreamEventType("context_stats")).toBe(true);
    expect(isStreamEventType("context_renamed")).toBe(false);
  });
});

describe("dispatchStreamEvent", () => {
  it("calls the handler of the event's type with its data and envelope", () => {
    const created = vi.fn();
    const updated = vi.fn();
    const parsed = parseStreamEvent(
      "context_created",
      envelope("context_created", contextRecord("c1")),
    );
    if (parsed.kind !== "event") throw new Error("expected an event");
    dispatchStreamEvent({ context_created: created, context_updated: updated }, parsed.envelope);
    expect(created).toHaveBeenCalledWith(contextRecord("c1"), parsed.envelope);
    expect(updated).not.toHaveBeenCalled();
  });
});
