import { create } from "zustand";
import { registerStoreReset } from "../stores/reset.js";
import {
  applyTaskOutcome,
  isActiveExecution,
  type TaskOutcome,
  type ToolExecution,
} from "./execution-queue.js";

export type { ToolExecution } from "./execution-queue.js";

/** The tool execution queue and the tool-result modal's state. */
export interface ToolExecutionsState {
  /** Oldest first. */
  executions: ToolExecution[];
  /** The execution the modal shows; null when none is selected. */
  selectedId: string | null;
  modalOpen: boolean;
  /** Queues an execution (replacing one with the same id) and selects it. */
  add: (execution: ToolExecution) => void;
  /** Changes fields of an execution; unknown ids are ignored. */
  update: (id: string, patch: Partial<Omit<ToolExecution, "id">>) => void;
  /** Completes or fails the executions a finished task's artifacts name (tools spec §4). */
  applyTask: (task: TaskOutcome) => void;
  /** Forgets the completed executions (core spec §4). */
  clearCompleted: () => void;
  select: (id: string | null) => void;
  open: () => void;
  close: () => void;
  reset: () => void;
}

const initialState = { executions: [], selectedId: null, modalOpen: false };

/** The tool execution store. */
export const useToolExecutionsStore = create<ToolExecutionsState>()((set) => ({
  ...initialState,

  add: (execution) =>
    set((state) => ({
      executions: [...state.executions.filter((other) => other.id !== execution.id), execution],
      selectedId: execution.id,
    })),

  update: (id, patch) =>
    set((state) =>
      state.executions.some((execution) => execution.id === id)
        ? {
            executions: state.executions.map((execution) =>
              execution.id === id ? { ...execution, ...patch } : execution,
            ),
          }
        : state,
    ),

  applyTask: (task) =>
    set((state) => {
      const executions = applyTaskOutcome(state.executions, task, Date.now());
      return executions === state.executions ? state : { executions };
    }),

  clearCompleted: () =>
    set((state) => {
      const executions = state.executions.filter((execution) => execution.status !== "completed");
      const keepsSelected = executions.some((execution) => execution.id === state.selectedId);
      return { executions, selectedId: keepsSelected ? state.selectedId : null };
    }),

  select: (id) => set({ selectedId: id }),
  open: () => set({ modalOpen: true }),
  close: () => set({ modalOpen: false }),
  reset: () => set(initialState),
}));

registerStoreReset(() => useToolExecutionsStore.getState().reset());

/**
 * The active executions (pending or executing). Returns a new array: use it with getState() or
 * zustand's useShallow, or prefer selectHasActiveExecutions in components.
 */
export const selectActiveExecutions = (state: ToolExecutionsState): ToolExecution[] =>
  state.executions.filter(isActiveExecution);

/** Whether any execution is active. */
export const selectHasActiveExecutions = (state: ToolExecutionsState): boolean =>
  state.executions.some(isActiveExecution);

/** The selected execution, if it still exists. */
export const selectSelectedExecution = (state: ToolExecutionsState): ToolExecution | undefined =>
  state.executions.find((execution) => execution.id === state.selectedId);

/** An execution by id. */
export const selectExecution =
  (id: string) =>
  (state: ToolExecutionsState): ToolExecution | undefined =>
    state.executions.find((execution) => execution.id === id);
