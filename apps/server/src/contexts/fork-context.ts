import { randomUUID } from "node:crypto";
import {
  type ContextRecord,
  forkedContextName,
  isTaskState,
  isTerminalTaskState,
  unknownBranchTaskMessage,
} from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { AuthContext } from "../auth/auth-context.js";
import { ArtifactsRepository } from "../db/repositories/artifacts.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import { TaskBranchesRepository } from "../db/repositories/task-branches.js";
import type { ArtifactRow, Database, MessageRow, TaskRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { checkConversationCount, checkStorage } from "../quotas/quota-checks.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "../tasks/command-services.js";
import { storedBytes } from "../tasks/store-message.js";
import { presentContext } from "./present-context.js";

/** The most tasks a fork copies: the branch up to the chosen task, nearest first. */
export const maxForkTasks = 10_000;

interface Copy {
  tasks: TaskRow[];
  messages: MessageRow[];
  artifacts: ArtifactRow[];
  bytes: number;
}

/** A stored status message as the copy's: its own id mapped, its place the copy's. */
function copiedStatus(
  json: string | null,
  place: { contextId: string; taskId: string },
  newId: (old: string) => string,
): string | null {
  if (json === null) return null;
  const message = JSON.parse(json) as Record<string, unknown>;
  const id = typeof message.messageId === "string" ? newId(message.messageId) : randomUUID();
  return JSON.stringify({ ...message, messageId: id, ...place });
}

/**
 * The rows of a fork: the tasks of the branch (oldest first), each following the one before it,
 * with their messages and artifacts under new ids. A task that had not ended cannot go on in the
 * copy (nothing runs it there): it is copied as canceled.
 */
function copyRows(
  path: readonly TaskRow[],
  messages: readonly MessageRow[],
  artifacts: readonly ArtifactRow[],
  contextId: string,
): Copy {
  const taskIds = new Map(path.map((task) => [task.id, randomUUID()]));
  const messageIds = new Map<string, string>();
  const newMessageId = (old: string) => {
    const found = messageIds.get(old) ?? randomUUID();
    messageIds.set(old, found);
    return found;
  };
  const copy: Copy = { tasks: [], messages: [], artifacts: [], bytes: 0 };
  // A task that the next one on the branch forks inside is copied up to that message: the copy
  // is one line, as the branch showed it.
  const cutOf = new Map<string, string>();
  path.forEach((task, i) => {
    const cut = path[i + 1]?.branch_message_id;
    if (cut) cutOf.set(task.id, cut);
  });
  const stopped = new Set<string>();
  for (const message of messages) {
    if (message.task_id === null || stopped.has(message.task_id)) continue;
    if (cutOf.get(message.task_id) === message.id) {
      stopped.add(message.task_id);
      continue;
    }
    const taskId = taskIds.get(message.task_id);
    if (!taskId) continue;
    const id = newMessageId(message.id);
    copy.messages.push({ ...message, id, context_id: contextId, task_id: taskId });
    copy.bytes += storedBytes(message.parts);
  }
  let parent: string | null = null;
  let previous = Number.NEGATIVE_INFINITY;
  for (const task of path) {
    const id = taskIds.get(task.id) as string;
    const ended = isTaskState(task.state) && isTerminalTaskState(task.state);
    // The copy lists in the branch's order: tasks made in the same millisecond get a later one.
    const at = Math.max(Date.parse(task.created_at), previous + 1);
    previous = at;
    const createdAt = new Date(at).toISOString();
    copy.tasks.push({
      ...task,
      created_at: createdAt,
      metadata: JSON.stringify({ ...JSON.parse(task.metadata), created_at: createdAt }),
      id,
      context_id: contextId,
      parent_task_id: parent,
      branch_message_id: null,
      state: ended ? task.state : "canceled",
      status_message: copiedStatus(task.status_message, { contextId, taskId: id }, newMessageId),
      runner: null,
      lease_until: null,
      reply_id: null,
      reply_text: null,
    });
    parent = id;
  }
  for (const artifact of artifacts) {
    const taskId = artifact.task_id === null ? undefined : taskIds.get(artifact.task_id);
    if (!taskId) continue;
    copy.artifacts.push({ ...artifact, id: randomUUID(), context_id: contextId, task_id: taskId });
    copy.bytes += storedBytes(artifact.parts, artifact.metadata);
  }
  return copy;
}

async function readBranch(trx: Kysely<Database>, contextId: string, taskId: string) {
  const ids = await new TaskBranchesRepository(trx).pathTo(contextId, taskId, maxForkTasks);
  if (ids.length === 0) throw new AppError("validation_failed", unknownBranchTaskMessage);
  const rows = await trx.selectFrom("tasks").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path = ids.flatMap((id) => byId.get(id) ?? []);
  const [messages, artifacts] = await Promise.all([
    new MessagesRepository(trx).listForTasks(ids),
    new ArtifactsRepository(trx).listForTasks(ids),
  ]);
  return { path, messages, artifacts };
}

/**
 * Copies the branch of one of the caller's conversations that ends at a task into a new
 * conversation (named after it, with ' (fork)'), within the caller's conversation and storage
 * limits, and emits context_created. The source is left as it was.
 */
export function forkContext(
  services: CommandServices,
  auth: Pick<AuthContext, "userId">,
  contextId: string,
  taskId: string,
): Promise<ContextRecord> {
  return transactWithEvents(services, async (trx, emit) => {
    const source = await new ContextStatsRepository(trx).lock(contextId, services.db.dialect);
    if (!canUseContext(auth, source)) throw new AppError("not_found", "Context not found");
    if (services.db.dialect === "postgres")
      await sql`select id from users where id = ${auth.userId} for update`.execute(trx);
    await checkConversationCount(trx, auth.userId, services.config.quotas);
    const branch = await readBranch(trx, contextId, taskId);
    const created = await new ContextsRepository(trx).create(
      auth.userId,
      forkedContextName(source.name),
    );
    const copy = copyRows(branch.path, branch.messages, branch.artifacts, created.id);
    await checkStorage(trx, auth.userId, services.config.quotas, copy.bytes);
    // In slices, well under SQLite's limit on a statement's values.
    for (let i = 0; i < copy.tasks.length; i += 100)
      await trx
        .insertInto("tasks")
        .values(copy.tasks.slice(i, i + 100))
        .execute();
    for (let i = 0; i < copy.messages.length; i += 100)
      await trx
        .insertInto("messages")
        .values(copy.messages.slice(i, i + 100))
        .execute();
    for (let i = 0; i < copy.artifacts.length; i += 100)
      await trx
        .insertInto("artifacts")
        .values(copy.artifacts.slice(i, i + 100))
        .execute();
    const last = copy.messages.reduce<string | null>(
      (at, m) => (at === null || m.created_at > at ? m.created_at : at),
      null,
    );
    const row = await trx
      .updateTable("contexts")
      .set({
        message_count: copy.messages.length,
        task_count: copy.tasks.length,
        storage_bytes: copy.bytes,
        last_message_at: last,
        leaf_task_id: copy.tasks.at(-1)?.id ?? null,
      })
      .where("id", "=", created.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const record = presentContext(row);
    await emit({
      userId: auth.userId,
      type: "context_created",
      contextId: record.context_id,
      data: record,
    });
    return record;
  });
}
