import { create } from "zustand";
import { toApiError } from "../lib/api-error.js";
import { fetchTasks, type TaskScope } from "../lib/tasks-api.js";
import { LoadGuard } from "./load-guard.js";
import { registerStoreReset } from "./reset.js";
import { settleChange } from "./store-change.js";
import {
  applyStatusChangeData,
  initialTasksData,
  type TaskChange,
  type TaskStatusChange,
  type TasksData,
  upsertTaskData,
} from "./tasks-reducers.js";

/** The task store (core spec §3): tasks by id, all ids, ids per conversation, loading and error. */
export interface TasksState extends TasksData {
  isLoading: boolean;
  error: string | null;
  /** Stores a task from the server or the stream; invalid or older copies are skipped with a warning. */
  upsertTask: (task: unknown) => void;
  /** Live stream: task_status_changed. */
  applyStatusChange: (change: TaskStatusChange) => void;
  /** Fetches the tasks of one conversation, or all of them, into the store. */
  loadTasks: (scope?: TaskScope) => Promise<void>;
  clearError: () => void;
  /** Back to empty; replies still in flight are then dropped. */
  reset: () => void;
}

const initialState = { ...initialTasksData, isLoading: false, error: null };

const loads = new LoadGuard();

function settle(change: TaskChange, current: TasksData): TasksData {
  return settleChange(change, current, "Task");
}

/** The task store. */
export const useTasksStore = create<TasksState>()((set) => ({
  ...initialState,

  upsertTask: (task) => set((state) => settle(upsertTaskData(state, task), state)),

  applyStatusChange: (change) =>
    set((state) => settle(applyStatusChangeData(state, change), state)),

  loadTasks: async (scope = {}) => {
    const ticket = loads.begin();
    set({ isLoading: true, error: null });
    try {
      const tasks = await fetchTasks(scope);
      if (loads.isStale(ticket)) return;
      // One store update for the whole list, so the views re-render once.
      set((state) => ({
        ...tasks.reduce<TasksData>((data, task) => settle(upsertTaskData(data, task), data), state),
        ...(loads.isLatest(ticket) ? { isLoading: false } : {}),
      }));
    } catch (error) {
      if (loads.isStale(ticket) || !loads.isLatest(ticket)) return;
      set({ isLoading: false, error: toApiError(error).message });
    }
  },

  clearError: () => set({ error: null }),

  reset: () => {
    loads.reset();
    set(initialState);
  },
}));

registerStoreReset(() => useTasksStore.getState().reset());
