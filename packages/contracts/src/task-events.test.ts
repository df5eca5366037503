import { describe, expect, it } from "vitest";
import { taskListQuerySchema } from "./list-queries.js";
import { messageAddedDataSchema, taskStatusChangedDataSchema } from "./task-events.js";

describe("task event data", () => {
  it("reads a status change and refuses an unknown status", () => {
    const data = { task_id: "t", status: "working", timestamp: "2025-01-01T00:00:00.000Z" };
    expect(taskStatusChangedDataSchema.parse(data)).toEqual(data);
    expect(taskStatusChangedDataSchema.safeParse({ ...data, status: "paused" }).success).toBe(
      false,
    );
  });

  it("reads a message_added with or without a task", () => {
    const message = { messageId: "m", role: "agent", parts: [{ kind: "text", text: "x" }] };
    for (const task_id of ["t", null]) {
      const data = { task_id, message, created_at: "2025-01-01T00:00:00.000Z" };
      expect(messageAddedDataSchema.parse(data)).toEqual(data);
    }
  });
});

describe("task list query", () => {
  it("defaults limit to 100 and reads status and limit", () => {
    expect(taskListQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(taskListQuerySchema.parse({ status: "input-required", limit: "500" })).toEqual({
      status: "input-required",
      limit: 500,
    });
    expect(taskListQuerySchema.parse({ limit: "1" }).limit).toBe(1);
  });

  it("refuses bad values with clear messages", () => {
    const message = (query: Record<string, string>) =>
      taskListQuerySchema.safeParse(query).error?.issues[0]?.message;
    for (const limit of ["0", "501", "-1", "1.5", "ten", ""]) {
      expect(message({ limit }), limit).toBe("limit must be an integer between 1 and 500");
    }
    expect(message({ status: "done" })).toBe(
      "status must be one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required",
    );
  });
});
