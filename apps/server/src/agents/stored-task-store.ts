import { isTerminalTaskState, type Task } from "@a2a-chat/contracts";
import type { ListTasksRequest, ListTasksResponse, Task as SdkTask } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import { TasksRepository } from "../db/repositories/tasks.js";
import { AppError } from "../http/errors.js";
import type { Services } from "../http/services.js";
import { canUseTask } from "../policies/tasks.js";
import { addArtifact } from "../tasks/artifact-commands.js";
import { loadTask } from "../tasks/load-tasks.js";
import { appendMessage } from "../tasks/message-commands.js";
import { createTask } from "../tasks/task-commands.js";
import { updateTaskStatus } from "../tasks/task-status-commands.js";
import { callerOf } from "./caller-user.js";
import { listAgentTasks } from "./list-agent-tasks.js";
import type { RunningTaskViews } from "./running-task-views.js";
import { artifactFromSdk, messageFromSdk, stateFromSdk, taskToSdk } from "./sdk-convert.js";

/** States in which a task waits for the user: its run publishes nothing more until they answer. */
const waitingStates: readonly string[] = ["input-required", "auth-required"];

/** Metadata key marking a streamed text delta: shown live, never stored as a message. */
export const deltaMetadataKey = "a2a_chat_delta";

/**
 * The SDK's TaskStore over OUR tables, so there is one source of truth.
 *
 * Writes: the AgentExecutor is the primary writer. It persists every step through our task
 * commands (which emit the live-stream events in the same transaction) BEFORE publishing the
 * matching SDK event, so what an agent produced is stored even when the SDK stops listening (a
 * streaming client that disconnects ends the SDK's ResultManager for that request).
 *
 * The SDK still calls save() after every event with its own merged view of the task. save()
 * reconciles: it applies only what our tables lack — messages the SDK appended itself (the
 * user's follow-up on an input-required task), artifacts, and status changes the SDK made
 * without the executor (the no-bus cancel, the synthetic failure after an executor crash).
 * Streamed text deltas (metadata a2a_chat_delta) are live-only and skipped; the executor stores
 * the full reply. Writes go through the same commands, so they are validated, ownership-checked
 * and idempotent, and a terminal task is never changed.
 *
 * Reads: load() reads our tables, scoped to the caller (another user's task id is "not found"),
 * except that a running task's own request is served the view kept in `views` between stored
 * changes (see RunningTaskViews), so streamed deltas do not reload the task.
 */
export class StoredTaskStore implements TaskStore {
  /**
   * How much of each running task's SDK view save() has already reconciled. The SDK saves after
   * every event, and a streamed reply is thousands of delta events; without this each one would
   * reload the whole task from the database. Entries leave when the task ends (bounded anyway).
   */
  private readonly reconciled = new Map<string, { history: number; artifacts: number }>();

  constructor(
    private readonly services: Services,
    private readonly agentName: string,
    private readonly views?: RunningTaskViews,
  ) {}

  /** True when the SDK's view adds nothing but streamed deltas since the last reconcile. */
  private onlyDeltasSince(task: SdkTask, terminal: boolean): boolean {
    const seen = this.reconciled.get(task.id);
    if (!seen || terminal) return false;
    if (task.history.length < seen.history || task.artifacts.length !== seen.artifacts)
      return false;
    const fresh = task.history.slice(seen.history);
    if (fresh.some((message) => message.metadata?.[deltaMetadataKey] !== true)) return false;
    seen.history = task.history.length;
    return true;
  }

  /**
   * True when the running request's view of the task (as the executor stored it, or as its load
   * last read the tables) already holds everything in the SDK's: no message or artifact the
   * tables lack, and a state the tables hold or need not (a non-terminal state in the SDK's view
   * lags the executor's writes and is never applied). The tables need not be read again.
   */
  private addsNothingToKept(
    task: SdkTask,
    context: ServerCallContext,
    state: ReturnType<typeof stateFromSdk> & string,
  ): boolean {
    const kept = this.views?.get(task.id, context);
    if (!kept) return false;
    if (isTerminalTaskState(state) && stateFromSdk(kept.status?.state) !== state) return false;
    const messages = new Set(kept.history.map((message) => message.messageId));
    const artifacts = new Set(kept.artifacts.map((artifact) => artifact.artifactId));
    return (
      task.history.every(
        (message) =>
          message.metadata?.[deltaMetadataKey] === true || messages.has(message.messageId),
      ) && task.artifacts.every((artifact) => artifacts.has(artifact.artifactId))
    );
  }

  private remember(task: SdkTask, terminal: boolean): void {
    this.reconciled.delete(task.id);
    if (terminal) return;
    if (this.reconciled.size >= 10_000) {
      const oldest = this.reconciled.keys().next().value;
      if (oldest !== undefined) this.reconciled.delete(oldest);
    }
    this.reconciled.set(task.id, {
      history: task.history.length,
      artifacts: task.artifacts.length,
    });
  }

  private async stored(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const caller = callerOf(context);
    const row = await new TasksRepository(this.services.db.kysely).findById(taskId);
    if (!canUseTask(caller, row)) return undefined;
    return loadTask(this.services.db.kysely, row, this.services.logger);
  }

  async load(taskId: string, context: ServerCallContext): Promise<SdkTask | undefined> {
    const kept = this.views?.get(taskId, context);
    if (kept) return kept;
    const task = await this.stored(taskId, context);
    const sdkTask = task && taskToSdk(task);
    if (sdkTask) this.views?.keep(taskId, context, sdkTask);
    return sdkTask;
  }

  async save(task: SdkTask, context: ServerCallContext): Promise<void> {
    const state = stateFromSdk(task.status?.state) ?? "submitted";
    const terminal = isTerminalTaskState(state);
    try {
      if (this.onlyDeltasSince(task, terminal)) return;
      if (this.addsNothingToKept(task, context, state)) {
        this.remember(task, terminal);
        return;
      }
      try {
        await this.reconcileAll(task, context, state);
      } finally {
        this.views?.changed(task.id);
      }
      this.remember(task, terminal);
    } finally {
      // After an end or a wait for the user the run publishes nothing more.
      if (terminal || waitingStates.includes(state)) this.views?.settled(task.id, context);
    }
  }

  private async reconcileAll(
    task: SdkTask,
    context: ServerCallContext,
    state: ReturnType<typeof stateFromSdk> & string,
  ): Promise<void> {
    const owner = callerOf(context);
    const stored = await this.stored(task.id, context);
    const messages = task.history
      .filter((message) => message.metadata?.[deltaMetadataKey] !== true)
      .map((message) => ({
        ...messageFromSdk(message),
        contextId: task.contextId,
        taskId: task.id,
      }));
    if (!stored) {
      const [first, ...rest] = messages;
      await createTask(this.services, owner, {
        id: task.id,
        contextId: task.contextId,
        agentName: this.agentName,
        taskType: "agent_message",
        state: isTerminalTaskState(state) ? "working" : state,
        initialMessage: first,
      });
      await this.reconcile(task, owner, rest, new Set(), new Set());
    } else {
      const known = new Set(stored.history.map((m) => m.messageId));
      const knownArtifacts = new Set(stored.artifacts.map((a) => a.artifactId));
      if (isTerminalTaskState(stored.status.state)) return;
      await this.reconcile(task, owner, messages, known, knownArtifacts);
    }
    // Only terminal states the SDK reached on its own (the no-bus cancel, the synthetic failure
    // after a crash) are applied: any other state in the SDK's view lags the executor's writes.
    if (!isTerminalTaskState(state)) return;
    try {
      await updateTaskStatus(this.services, owner, task.id, { state });
    } catch (error) {
      // The executor ended the task first; its stored end stands.
      if (!(error instanceof AppError && error.code === "conflict")) throw error;
    }
  }

  private async reconcile(
    task: SdkTask,
    owner: { userId: string },
    messages: ReturnType<typeof messageFromSdk>[],
    known: Set<string>,
    knownArtifacts: Set<string>,
  ): Promise<void> {
    for (const message of messages) {
      if (known.has(message.messageId)) continue;
      await appendMessage(this.services, owner, {
        contextId: task.contextId,
        taskId: task.id,
        message,
      });
    }
    const at = new Date().toISOString();
    for (const artifact of task.artifacts) {
      if (knownArtifacts.has(artifact.artifactId)) continue;
      await addArtifact(this.services, owner, {
        taskId: task.id,
        artifact: artifactFromSdk(artifact, { contextId: task.contextId, taskId: task.id, at }),
      });
    }
  }

  list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return listAgentTasks(this.services, this.agentName, callerOf(context), params);
  }
}
