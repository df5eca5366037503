import { randomUUID } from "node:crypto";
import type { Task, TaskState, TaskType } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { Database, MessageRow, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import { emitContextStats } from "./context-stats-event.js";
import { presentTask } from "./load-tasks.js";
import { presentMessage } from "./present-message.js";
import { stampStatus } from "./stamp-status.js";
import { checkMessage, storeMessage } from "./store-message.js";
import { checkState, type Owner, validTask } from "./task-checks.js";

/** What the agent runtime knows when a task starts. */
export interface NewTask {
  /** The A2A task id when the runtime already has one; a random uuid otherwise. */
  id?: string;
  contextId: string;
  agentName: string;
  taskType: TaskType;
  /** Defaults to submitted. */
  state?: TaskState;
  /** Further metadata (mcp_server_name, model…); task_type, agent_name, created_at are set here. */
  metadata?: Record<string, unknown>;
  /** The message that started the task; stored as the first of its history. */
  initialMessage?: unknown;
  /** The process that runs the task and its lease (see agents/task-runs.ts). */
  run?: { runner: string; lease_until: string };
}

/**
 * Stores a new task (and its first message) in one of the owner's conversations and emits
 * task_created, message_added (with a message) and context_stats in the same transaction.
 */
export function createTask(services: CommandServices, owner: Owner, input: NewTask): Promise<Task> {
  return transactWithEvents(services, (trx, emit) => insertTask(services, trx, emit, owner, input));
}

/** createTask inside a caller's transaction, so a bigger change and its events commit together. */
export async function insertTask(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  input: NewTask,
): Promise<Task> {
  return (await insertTaskRow(services, trx, emit, owner, input)).task;
}

/** insertTask, also returning the row written (which this transaction holds). */
export async function insertTaskRow(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  input: NewTask,
): Promise<{ task: Task; row: TaskRow }> {
  const now = new Date();
  const at = now.toISOString();
  const id = input.id ?? randomUUID();
  const state = checkState(input.state ?? "submitted");
  const place = { userId: owner.userId, contextId: input.contextId, taskId: id };
  const message =
    input.initialMessage === undefined ? undefined : checkMessage(input.initialMessage, place);
  const draft = validTask({
    id,
    contextId: input.contextId,
    status: { state, timestamp: at },
    history: message ? [message] : [],
    artifacts: [],
    metadata: {
      ...input.metadata,
      task_type: input.taskType,
      agent_name: input.agentName,
      created_at: at,
    },
  });

  const context = await new ContextStatsRepository(trx).lock(input.contextId, services.db.dialect);
  if (!canUseContext(owner, context)) throw new AppError("not_found", "Context not found");
  const tasks = new TasksRepository(trx);
  const row: TaskRow = {
    id,
    user_id: owner.userId,
    context_id: input.contextId,
    agent_name: draft.metadata.agent_name,
    task_type: draft.metadata.task_type,
    state,
    status_timestamp: at,
    status_message: null,
    metadata: JSON.stringify(stampStatus(draft.metadata, state, now)),
    created_at: at,
    updated_at: at,
    runner: input.run?.runner ?? null,
    lease_until: input.run?.lease_until ?? null,
    reply_id: null,
    reply_text: null,
    // A new task follows the branch the conversation shows, and becomes its leaf (addTask).
    parent_task_id: context.leaf_task_id ?? null,
    // Where the conversation stopped inside its leaf task (an edit of a later message): the new
    // task forks there (docs/architecture.md, Branches).
    branch_message_id:
      context.leaf_task_id && context.leaf_cut_message_id ? context.leaf_cut_message_id : null,
  };
  // Taken ids are found by the inserts themselves (the transaction is rolled back on a refusal).
  if (!(await tasks.insertIfNew(row))) throw new AppError("conflict", "Task already exists");
  let counted = await new ContextStatsRepository(trx).addTask(input.contextId, id);
  let messageRow: MessageRow | undefined;
  if (message) {
    const written = await storeMessage(trx, place, message, now, context);
    if (!written) throw new AppError("conflict", "Message id already in use");
    messageRow = written.row;
    counted = written.context;
  }

  // The task as a read of the rows just written would present it.
  const stored = messageRow && presentMessage(messageRow, services.logger);
  const task = presentTask(row, stored ? [stored] : [], [], services.logger);
  if (!task || (messageRow && !stored)) {
    throw new Error(`task ${id} unreadable right after it was written`);
  }
  const base = { userId: owner.userId, contextId: input.contextId };
  await emit({
    ...base,
    type: "task_created",
    data: { task_id: id, status: state, timestamp: at, task },
  });
  const first = task.history[0];
  if (messageRow && first) {
    await emit({
      ...base,
      type: "message_added",
      data: { task_id: id, message: first, created_at: messageRow.created_at },
    });
  }
  await emitContextStats(trx, emit, owner.userId, input.contextId, counted);
  return { task, row };
}
