import type { StreamEnvelope } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { dispatchStreamEvent } from "../api/stream-event.js";
import { combineHandlers } from "./combine-handlers.js";

const envelope = (event_type: StreamEnvelope["event_type"], data: unknown): StreamEnvelope => ({
  event_type,
  context_id: null,
  user_id: "u",
  data,
  timestamp: "2026-01-01T00:00:00Z",
});

describe("combineHandlers", () => {
  it("gives each event to every map that handles its type, in order", () => {
    const seen: string[] = [];
    const handlers = combineHandlers(
      { heartbeat: () => seen.push("a:heartbeat") },
      { heartbeat: () => seen.push("b:heartbeat"), context_deleted: () => seen.push("b:deleted") },
    );
    dispatchStreamEvent(handlers, envelope("heartbeat", {}));
    dispatchStreamEvent(handlers, envelope("context_deleted", { context_id: "c" }));
    dispatchStreamEvent(handlers, envelope("context_stats", {}));
    expect(seen).toEqual(["a:heartbeat", "b:heartbeat", "b:deleted"]);
  });

  it("still calls the later handlers when one throws, then rethrows the first failure", () => {
    const seen: string[] = [];
    const handlers = combineHandlers(
      {
        heartbeat: () => {
          throw new Error("first");
        },
      },
      { heartbeat: () => seen.push("second") },
    );
    expect(() => dispatchStreamEvent(handlers, envelope("heartbeat", {}))).toThrow("first");
    expect(seen).toEqual(["second"]);
  });
});
