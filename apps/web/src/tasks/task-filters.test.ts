import { describe, expect, it } from "vitest";
import { initialTasksData, type TasksData, upsertTaskData } from "../stores/tasks-reducers.js";
import { isFilterActive, matchesStatus, tasksInScope, toggleStatusFilter } from "./task-filters.js";
import { makeTask } from "./task-fixture.js";

function dataOf(...tasks: ReturnType<typeof makeTask>[]): TasksData {
  return tasks.reduce<TasksData>((data, task) => {
    const change = upsertTaskData(data, task);
    return change.kind === "applied" ? change.data : data;
  }, initialTasksData);
}

describe("task filters", () => {
  it("toggles a status button back to All", () => {
    expect(toggleStatusFilter("all", "failed")).toBe("failed");
    expect(toggleStatusFilter("failed", "failed")).toBe("all");
    expect(toggleStatusFilter("failed", "working")).toBe("working");
  });

  it("counts any change from All and Current as an active filter", () => {
    expect(isFilterActive("all", "current")).toBe(false);
    expect(isFilterActive("working", "current")).toBe(true);
    expect(isFilterActive("all", "all")).toBe(true);
  });

  it("scopes tasks to the current conversation or all of them", () => {
    const data = dataOf(makeTask("a", { contextId: "c1" }), makeTask("b", { contextId: "c2" }));
    expect(tasksInScope(data, "current", "c1").map((t) => t.id)).toEqual(["a"]);
    expect(tasksInScope(data, "current", "c9")).toEqual([]);
    expect(tasksInScope(data, "all", "c1").map((t) => t.id)).toEqual(["a", "b"]);
  });

  it("matches the status filter by state", () => {
    const working = makeTask("w", { status: { state: "working" } });
    expect(matchesStatus(working, "all")).toBe(true);
    expect(matchesStatus(working, "working")).toBe(true);
    expect(matchesStatus(working, "completed")).toBe(false);
  });
});
