import { type Artifact, type Message, type Task, validateTask } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ArtifactsRepository } from "../db/repositories/artifacts.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import type { Database, TaskRow } from "../db/schema.js";
import { presentArtifact } from "./present-artifact.js";
import { presentMessage } from "./present-message.js";
import { readStored, type WarnLog } from "./read-stored.js";

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** A stored task with its history and artifacts, in the spec's Task shape (core §3). */
export function presentTask(
  row: TaskRow,
  history: Message[],
  artifacts: Artifact[],
  log: WarnLog,
): Task | undefined {
  return readStored(
    "task",
    row.id,
    () => ({
      id: row.id,
      contextId: row.context_id,
      status: {
        state: row.state,
        timestamp: row.status_timestamp,
        ...(row.status_message === null ? {} : { message: JSON.parse(row.status_message) }),
      },
      history,
      artifacts,
      metadata: {
        ...JSON.parse(row.metadata),
        updated_at: row.updated_at,
        parent_task_id: row.parent_task_id ?? null,
        branch_message_id: row.branch_message_id ?? null,
      },
    }),
    validateTask,
    log,
  );
}

/**
 * Tasks with their histories (oldest message first) and artifacts (newest first), read in two
 * queries whatever the number of tasks. Invalid stored items are skipped with a warning.
 */
export async function loadTasks(
  db: Kysely<Database>,
  rows: readonly TaskRow[],
  log: WarnLog,
): Promise<Task[]> {
  const ids = rows.map((row) => row.id);
  const [messages, artifacts] = await Promise.all([
    new MessagesRepository(db).listForTasks(ids),
    new ArtifactsRepository(db).listForTasks(ids),
  ]);
  const historyOf = groupBy(messages, (m) => m.task_id);
  const artifactsOf = groupBy(artifacts, (a) => a.task_id);
  return rows.flatMap((row) => {
    const history = (historyOf.get(row.id) ?? []).flatMap((m) => presentMessage(m, log) ?? []);
    const found = (artifactsOf.get(row.id) ?? []).flatMap((a) => presentArtifact(a, log) ?? []);
    return presentTask(row, history, found, log) ?? [];
  });
}

/** One task with its history and artifacts; undefined if it does not validate. */
export async function loadTask(
  db: Kysely<Database>,
  row: TaskRow,
  log: WarnLog,
): Promise<Task | undefined> {
  return (await loadTasks(db, [row], log))[0];
}
