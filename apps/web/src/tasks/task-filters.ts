import type { Task } from "@a2a-chat/contracts";
import type { TasksData } from "../stores/tasks-reducers.js";

/** The status filter buttons of the task view (core spec §2.5), in order. */
export const statusFilters = [
  { value: "all", label: "All" },
  { value: "working", label: "Working" },
  { value: "completed", label: "Completed" },
  { value: "failed", label: "Failed" },
] as const;
/** A status filter. */
export type StatusFilter = (typeof statusFilters)[number]["value"];

/** The scope buttons of the task view; Current is the default. */
export const scopeFilters = [
  { value: "all", label: "All Conversations" },
  { value: "current", label: "Current" },
] as const;
/** A scope filter. */
export type ScopeFilter = (typeof scopeFilters)[number]["value"];

/** The filters the task view starts with. */
export const defaultTaskFilters = { status: "all", scope: "current" } as const satisfies {
  status: StatusFilter;
  scope: ScopeFilter;
};

/** Pressing the active status button again returns to All. */
export function toggleStatusFilter(current: StatusFilter, pressed: StatusFilter): StatusFilter {
  return current === pressed ? "all" : pressed;
}

/** Whether the filters differ from the defaults, which is when 'Clear All' appears. */
export function isFilterActive(status: StatusFilter, scope: ScopeFilter): boolean {
  return status !== defaultTaskFilters.status || scope !== defaultTaskFilters.scope;
}

/** The tasks a scope covers: the current conversation's, or all of them. */
export function tasksInScope(
  data: Pick<TasksData, "tasksById" | "taskIds" | "taskIdsByContext">,
  scope: ScopeFilter,
  currentContextId: string,
): Task[] {
  const ids = scope === "current" ? (data.taskIdsByContext[currentContextId] ?? []) : data.taskIds;
  return ids.flatMap((id) => {
    const task = data.tasksById[id];
    return task ? [task] : [];
  });
}

/** Whether a task passes the status filter. */
export function matchesStatus(task: Task, status: StatusFilter): boolean {
  return status === "all" || task.status.state === status;
}
