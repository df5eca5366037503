import { randomUUID } from "node:crypto";
import {
  type ContextRecord,
  type ConversationExport,
  type Part,
  uploadedFileId,
} from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { AuthContext } from "../auth/auth-context.js";
import { presentContext } from "../contexts/present-context.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { ConversationRowsRepository } from "../db/repositories/conversation-rows.js";
import { TaskBranchesRepository } from "../db/repositories/task-branches.js";
import type { Database } from "../db/schema.js";
import { fileChunkBytes } from "../files/upload-file.js";
import { checkConversationCount, checkMessageSize, checkStorage } from "../quotas/quota-checks.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "../tasks/command-services.js";

type Ids = Map<string, string>;

const fresh = (ids: Ids, old: string): string => {
  const known = ids.get(old);
  if (known) return known;
  const id = randomUUID();
  ids.set(old, id);
  return id;
};

/** A part with links to the export's files pointed at their new copies. */
function relink(part: Part, files: Ids): Part {
  if (part.kind !== "file" || part.file.uri === undefined) return part;
  const old = uploadedFileId(part.file.uri);
  const now = old === undefined ? undefined : files.get(old);
  if (old === undefined || now === undefined) return part;
  return { ...part, file: { ...part.file, uri: part.file.uri.replace(old, now) } };
}

/** Metadata whose own context and task ids (when present) name the new conversation and task. */
function rehome(
  metadata: Record<string, unknown>,
  contextId: string,
  taskId: string | null,
): Record<string, unknown> {
  return {
    ...metadata,
    ...("context_id" in metadata ? { context_id: contextId } : {}),
    ...("task_id" in metadata && taskId !== null ? { task_id: taskId } : {}),
  };
}

/**
 * The tasks with the task each follows: as the file says (an export of ours names every task's
 * parent, and where a task forks inside its parent), or, for a file that names none (a ChatGPT
 * import, an older export), one branch: each task follows the one made before it.
 */
function linkBranches<T extends { id: string; created_at: string }>(
  doc: ConversationExport,
  tasks: T[],
  taskIds: Ids,
  messageIds: Ids,
): (T & { parent_task_id: string | null; branch_message_id: string | null })[] {
  const named = doc.tasks.some((task) => task.parent_task_id !== undefined);
  if (named) {
    return tasks.map((task, i) => {
      const source = doc.tasks[i];
      const parent = source?.parent_task_id ?? null;
      const cut = source?.branch_message_id ?? null;
      return {
        ...task,
        parent_task_id: parent === null ? null : (taskIds.get(parent) ?? null),
        branch_message_id: cut === null ? null : (messageIds.get(cut) ?? null),
      };
    });
  }
  const ordered = [...tasks].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return ordered.map((task, i) => ({
    ...task,
    parent_task_id: ordered[i - 1]?.id ?? null,
    branch_message_id: null,
  }));
}

/** The branch the imported conversation shows: the file's, or else its newest task. */
function leafOf(
  doc: ConversationExport,
  linked: readonly { id: string; created_at: string }[],
  taskIds: Ids,
): string | null {
  const leaf = doc.conversation.leaf_task_id;
  if (leaf !== undefined) return leaf === null ? null : (taskIds.get(leaf) ?? null);
  const newest = [...linked].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1);
  return newest?.id ?? null;
}

async function writeConversation(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  userId: string,
  doc: ConversationExport,
): Promise<ContextRecord> {
  await checkConversationCount(trx, userId, services.config.quotas);
  const context = await new ContextsRepository(trx).create(userId, doc.conversation.name);
  const rows = new ConversationRowsRepository(trx);
  const taskIds: Ids = new Map();
  const fileIds: Ids = new Map();
  let bytes = 0;
  for (const file of doc.files) {
    const data = Buffer.from(file.data, "base64");
    bytes += data.length;
    await rows.insertFile(
      {
        id: fresh(fileIds, file.id),
        user_id: userId,
        context_id: context.id,
        name: file.name,
        mime_type: file.mime_type,
        size: data.length,
        complete: 1,
        created_at: context.created_at,
      },
      data,
      fileChunkBytes,
    );
  }
  const taskOf = (old: string | null) => (old === null ? null : (taskIds.get(old) ?? null));
  const tasks = doc.tasks.map((task) => ({
    id: fresh(taskIds, task.id),
    user_id: userId,
    context_id: context.id,
    agent_name: task.agent_name,
    task_type: task.task_type,
    state: task.state,
    status_timestamp: task.status_timestamp,
    status_message:
      task.status_message === null
        ? null
        : JSON.stringify({
            ...task.status_message,
            messageId: randomUUID(),
            ...(task.status_message.contextId ? { contextId: context.id } : {}),
            ...(task.status_message.taskId ? { taskId: taskIds.get(task.id) } : {}),
          }),
    metadata: JSON.stringify(task.metadata),
    created_at: task.created_at,
    updated_at: task.updated_at,
  }));
  const messageIds: Ids = new Map();
  const messages = doc.messages.map((message) => {
    const parts = JSON.stringify(message.parts.map((part) => relink(part, fileIds)));
    checkMessageSize(JSON.parse(parts), services.config.quotas);
    bytes += Buffer.byteLength(parts);
    return {
      id: fresh(messageIds, message.id),
      user_id: userId,
      context_id: context.id,
      task_id: taskOf(message.task_id),
      role: message.role,
      parts,
      created_at: message.created_at,
    };
  });
  const artifacts = doc.artifacts.map((artifact) => {
    const taskId = taskOf(artifact.task_id);
    const parts = JSON.stringify(artifact.parts.map((part) => relink(part, fileIds)));
    const metadata = JSON.stringify(rehome(artifact.metadata, context.id, taskId));
    bytes += Buffer.byteLength(parts) + Buffer.byteLength(metadata);
    return {
      id: randomUUID(),
      user_id: userId,
      context_id: context.id,
      task_id: taskId,
      name: artifact.name,
      description: artifact.description,
      parts,
      metadata,
      artifact_type: artifact.artifact_type,
      fingerprint: null,
      created_at: artifact.created_at,
    };
  });
  const linked = linkBranches(doc, tasks, taskIds, messageIds);
  await checkStorage(trx, userId, services.config.quotas, bytes);
  await rows.insertAll({ tasks: linked, messages, artifacts });
  await new TaskBranchesRepository(trx).setLeaf(context.id, leafOf(doc, linked, taskIds));
  const lastMessageAt = messages.reduce<string | null>(
    (last, m) => (last === null || m.created_at > last ? m.created_at : last),
    null,
  );
  await rows.setStats(context.id, {
    messages: messages.length,
    tasks: tasks.length,
    bytes,
    lastMessageAt,
  });
  const stored = await new ContextsRepository(trx).findById(context.id);
  const record = presentContext(stored ?? context);
  await emit({ userId, type: "context_created", contextId: context.id, data: record });
  return record;
}

/**
 * Writes imported conversations as new conversations of the caller, all in one transaction: a
 * limit or a bad item anywhere leaves nothing written. Every id is new (tasks, messages,
 * artifacts, files), so importing the same file twice, or into the account it came from, never
 * clashes; links between them (a message's task, a part's file) follow the new ids.
 */
export function importConversations(
  services: CommandServices,
  auth: Pick<AuthContext, "userId">,
  docs: readonly ConversationExport[],
): Promise<ContextRecord[]> {
  return transactWithEvents(services, async (trx, emit) => {
    // Concurrent imports and creates of one user take turns at the conversation limit.
    if (services.db.dialect === "postgres")
      await sql`select id from users where id = ${auth.userId} for update`.execute(trx);
    const records: ContextRecord[] = [];
    for (const doc of docs)
      records.push(await writeConversation(services, trx, emit, auth.userId, doc));
    return records;
  });
}
