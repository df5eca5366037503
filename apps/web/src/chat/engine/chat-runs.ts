import type { AgentClient } from "./agent-client.js";
import type { StreamTarget } from "./chat-data.js";

/** One stream being read into the store: a send (or answer), or a resumed task. */
export interface ChatRun {
  readonly client: AgentClient;
  readonly controller: AbortController;
  readonly target: StreamTarget;
  readonly kind: "send" | "resume";
  /** The chat store's epoch when it started: after a reset its events are dropped. */
  readonly epoch: number;
  /** The task, once the stream named it. */
  taskId?: string;
  /** Set by stopGenerating, so the abort that follows is not taken for a failure. */
  stopped: boolean;
}

const runs = new Set<ChatRun>();
/** Who waits for a run's task to be named (whenTaskNamed). */
const namingWaiters = new WeakMap<ChatRun, ((taskId: string | undefined) => void)[]>();

/** Registers a run; end it with endRun. */
export function startRun(fields: Omit<ChatRun, "controller" | "stopped">): ChatRun {
  const run: ChatRun = { ...fields, controller: new AbortController(), stopped: false };
  runs.add(run);
  return run;
}

/** Forgets a run that ended; whoever still waits for its task's name gets none. */
export function endRun(run: ChatRun): void {
  runs.delete(run);
  settleWaiters(run, undefined);
}

/** Records the task the run's stream named, and tells whoever waits for it. */
export function nameRunTask(run: ChatRun, taskId: string): void {
  run.taskId = taskId;
  settleWaiters(run, taskId);
}

/**
 * The run's task: at once if its stream named it already, else when the stream does, or
 * undefined when the run ends first or `timeoutMs` passes.
 */
export function whenTaskNamed(run: ChatRun, timeoutMs: number): Promise<string | undefined> {
  if (run.taskId) return Promise.resolve(run.taskId);
  if (!runs.has(run)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    const waiters = namingWaiters.get(run) ?? [];
    waiters.push((taskId) => {
      clearTimeout(timer);
      resolve(taskId);
    });
    namingWaiters.set(run, waiters);
  });
}

function settleWaiters(run: ChatRun, taskId: string | undefined): void {
  const waiters = namingWaiters.get(run);
  namingWaiters.delete(run);
  for (const waiter of waiters ?? []) waiter(taskId);
}

/** The first running run that matches. */
export function findRun(matches: (run: ChatRun) => boolean): ChatRun | undefined {
  for (const run of runs) if (matches(run)) return run;
  return undefined;
}

/** Ids of the tasks this tab is streaming now. */
export function runningTaskIds(): Set<string> {
  return new Set([...runs].flatMap((run) => (run.taskId ? [run.taskId] : [])));
}

/** Stops every run (reset: the next user must not receive the previous one's replies). */
export function abortAllRuns(): void {
  for (const run of runs) {
    run.controller.abort();
    settleWaiters(run, undefined);
  }
  runs.clear();
}
