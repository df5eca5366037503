import type { TaskMetadata } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { stampStatus } from "./stamp-status.js";

const base: TaskMetadata = {
  task_type: "agent_message",
  agent_name: "assistant",
  created_at: "2025-01-01T00:00:00.000Z",
};
const at = (iso: string) => new Date(iso);

describe("stampStatus", () => {
  it("stamps started_at once, when work first starts", () => {
    const working = stampStatus(base, "working", at("2025-01-01T00:00:01.000Z"));
    expect(working).toEqual({
      ...base,
      started_at: "2025-01-01T00:00:01.000Z",
      updated_at: "2025-01-01T00:00:01.000Z",
    });
    const again = stampStatus(working, "working", at("2025-01-01T00:00:05.000Z"));
    expect(again.started_at).toBe("2025-01-01T00:00:01.000Z");
    expect(again.updated_at).toBe("2025-01-01T00:00:05.000Z");
    expect(stampStatus(base, "input-required", at("2025-01-01T00:00:02.000Z"))).not.toHaveProperty(
      "started_at",
    );
  });

  it("stamps completion and the time since work started on every terminal state", () => {
    const working = { ...base, started_at: "2025-01-01T00:00:01.000Z" };
    for (const state of ["completed", "failed", "canceled", "rejected"] as const) {
      expect(stampStatus(working, state, at("2025-01-01T00:00:03.500Z"))).toMatchObject({
        completed_at: "2025-01-01T00:00:03.500Z",
        execution_time_ms: 2500,
      });
    }
  });

  it("measures from created_at when work never started, and skips a bad start time", () => {
    expect(stampStatus(base, "rejected", at("2025-01-01T00:00:00.250Z")).execution_time_ms).toBe(
      250,
    );
    const bad = stampStatus({ ...base, created_at: "yesterday" }, "failed", new Date());
    expect(bad.completed_at).toBeDefined();
    expect(bad).not.toHaveProperty("execution_time_ms");
  });
});
