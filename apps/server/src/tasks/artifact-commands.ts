import { type Artifact, invalidArtifactMessage, validateArtifact } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { ArtifactsRepository } from "../db/repositories/artifacts.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { ArtifactRow, Database } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { canUseTask } from "../policies/tasks.js";
import { type Emit, transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import { presentArtifact } from "./present-artifact.js";
import { storedBytes } from "./store-message.js";
import type { Owner } from "./task-checks.js";

/** An artifact to store; its conversation is its metadata.context_id. */
export interface NewArtifact {
  /** The task that produced it; defaults to metadata.task_id. */
  taskId?: string;
  artifact: unknown;
}

/** What became of an artifact handed to addArtifact. */
export interface ArtifactOutcome {
  /** The artifact now stored under that id: the new one, or the newer one that was kept. */
  artifact: Artifact;
  /** False when an older version arrived and was ignored (no event was sent). */
  stored: boolean;
  /** Id of an earlier artifact of the task with the same fingerprint that this one replaced. */
  replacedArtifactId?: string;
}

function checkArtifact(value: unknown): Artifact {
  try {
    return validateArtifact(value);
  } catch {
    throw new AppError("validation_failed", invalidArtifactMessage);
  }
}

/** The artifact's creation time as sortable ISO text (the server's clock if it is unreadable). */
function createdAt(artifact: Artifact): string {
  const ms = Date.parse(artifact.metadata.created_at);
  return new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString();
}

/**
 * Stores an artifact in one of the owner's conversations and emits artifact_created (core §4, §5):
 * an artifact with the fingerprint of an earlier one of the same task replaces it, and an older
 * artifact never replaces a newer one with the same id or fingerprint (compared by created_at).
 */
export function addArtifact(
  services: CommandServices,
  owner: Owner,
  input: NewArtifact,
): Promise<ArtifactOutcome> {
  return transactWithEvents(services, (trx, emit) =>
    storeArtifact(services, trx, emit, owner, input),
  );
}

/** addArtifact inside a caller's transaction, so a bigger change and its events commit together. */
export async function storeArtifact(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  owner: Owner,
  input: NewArtifact,
): Promise<ArtifactOutcome> {
  const given = checkArtifact(input.artifact);
  const taskId = input.taskId ?? given.metadata.task_id ?? null;
  if (given.metadata.task_id !== undefined && given.metadata.task_id !== taskId) {
    throw new AppError("validation_failed", "Artifact task_id does not match its task");
  }
  const contextId = given.metadata.context_id;
  const artifact: Artifact =
    taskId === null ? given : { ...given, metadata: { ...given.metadata, task_id: taskId } };
  const context = await new ContextStatsRepository(trx).lock(contextId, services.db.dialect);
  if (!canUseContext(owner, context)) throw new AppError("not_found", "Context not found");
  const tasks = new TasksRepository(trx);
  if (taskId !== null) {
    const task = await tasks.findById(taskId);
    if (!canUseTask(owner, task) || task.context_id !== contextId) {
      throw new AppError("not_found", "Task not found");
    }
  }

  const artifacts = new ArtifactsRepository(trx);
  const at = createdAt(artifact);
  const sameId = await artifacts.findById(artifact.artifactId);
  if (sameId && sameId.user_id !== owner.userId) {
    throw new AppError("conflict", "Artifact id already in use");
  }
  const { fingerprint } = artifact.metadata;
  const sameFingerprint =
    taskId !== null && fingerprint !== undefined
      ? await artifacts.findByFingerprint(taskId, fingerprint)
      : undefined;
  const newer = [sameId, sameFingerprint].find(
    (row): row is ArtifactRow => row !== undefined && row.created_at > at,
  );
  const kept = newer && presentArtifact(newer, services.logger);
  if (kept) return { artifact: kept, stored: false };

  const stats = new ContextStatsRepository(trx);
  const remove = async (row: ArtifactRow) => {
    await artifacts.delete(row.id);
    await stats.addBytes(row.context_id, -storedBytes(row.parts, row.metadata));
  };
  if (sameId) await remove(sameId);
  const replaced = sameFingerprint?.id !== artifact.artifactId ? sameFingerprint : undefined;
  if (replaced) await remove(replaced);
  const parts = JSON.stringify(artifact.parts);
  const metadata = JSON.stringify(artifact.metadata);
  await artifacts.insert({
    id: artifact.artifactId,
    user_id: owner.userId,
    context_id: contextId,
    task_id: taskId,
    name: artifact.name ?? null,
    description: artifact.description ?? null,
    parts,
    metadata,
    artifact_type: artifact.metadata.artifact_type,
    fingerprint: fingerprint ?? null,
    created_at: at,
  });
  await stats.addBytes(contextId, storedBytes(parts, metadata));
  if (taskId !== null) await tasks.touch(taskId, new Date().toISOString());
  await emit({
    userId: owner.userId,
    type: "artifact_created",
    contextId,
    data: {
      task_id: taskId,
      artifact,
      ...(replaced ? { replaced_artifact_id: replaced.id } : {}),
    },
  });
  return { artifact, stored: true, ...(replaced ? { replacedArtifactId: replaced.id } : {}) };
}
