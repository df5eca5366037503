import { randomUUID } from "node:crypto";
import { fileMessages, filesPath, maxFileNameLength, type UploadedFile } from "@a2a-chat/contracts";
import type { AuthContext } from "../auth/auth-context.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { FilesRepository } from "../db/repositories/files.js";
import type { FileRow } from "../db/schema.js";
import { deleteEvenWhenFull } from "../db/storage-reserve.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { checkStorage } from "../quotas/quota-checks.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "../tasks/command-services.js";
import { emitContextStats } from "../tasks/context-stats-event.js";

/** Bytes per stored chunk: an upload holds at most this much in memory at a time. */
export const fileChunkBytes = 512 * 1024;

/** An upload that never completed is deleted once it is this old (a crash's leftovers). */
const staleUploadMs = 3_600_000;

/** What an upload brings: where it goes, what it is called and its bytes as they arrive. */
export interface UploadInput {
  contextId: string;
  name: string;
  mimeType: string;
  /** The request's Content-Length, when it declared one. */
  declaredBytes?: number;
  body: ReadableStream<Uint8Array> | null;
}

const mimePattern = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** The declared type when it is a plain type/subtype, else octet-stream. */
export function cleanMimeType(value: string | undefined): string {
  const type = value?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type.length <= 255 && mimePattern.test(type) ? type : "application/octet-stream";
}

/** The name as kept: control characters and path separators gone, bounded. */
export function cleanFileName(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const name = value.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim();
  return name.slice(0, maxFileNameLength) || "file";
}

/** How a stored file is shown to its owner. */
export function presentFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mime_type,
    size: Number(row.size),
    uri: `${filesPath}/${row.id}`,
    created_at: row.created_at,
  };
}

/**
 * Stores a file in one of the caller's conversations, a chunk at a time as the bytes arrive, and
 * counts it against the user's storage. A file larger than the limit is refused (413) as soon as
 * it is known to be (from its declared length, else once that many bytes arrived); an upload that
 * fails half-way leaves nothing behind.
 */
export async function uploadFile(
  services: CommandServices,
  auth: AuthContext,
  input: UploadInput,
): Promise<UploadedFile> {
  const { db, config } = services;
  const limit = config.quotas.fileBytes;
  const tooLarge = () => new AppError("payload_too_large", fileMessages.tooLargeBytes(limit));
  const context = await new ContextsRepository(db.kysely).findById(input.contextId);
  if (!canUseContext(auth, context)) throw new AppError("not_found", "Context not found");
  if (limit > 0 && input.declaredBytes !== undefined && input.declaredBytes > limit) {
    throw tooLarge();
  }
  await checkStorage(db.kysely, auth.userId, config.quotas, input.declaredBytes ?? 0);

  const files = new FilesRepository(db.kysely);
  const now = new Date();
  await files.deleteStaleUploads(
    auth.userId,
    new Date(now.getTime() - staleUploadMs).toISOString(),
  );
  const id = randomUUID();
  await files.start({
    id,
    userId: auth.userId,
    contextId: context.id,
    name: cleanFileName(input.name),
    mimeType: cleanMimeType(input.mimeType),
    createdAt: now.toISOString(),
  });
  let size = 0;
  try {
    let seq = 0;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await files.addChunk(id, seq, Buffer.concat(pending, pendingBytes));
      seq += 1;
      pending = [];
      pendingBytes = 0;
    };
    const reader = input.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (limit > 0 && size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      pending.push(value);
      pendingBytes += value.byteLength;
      while (pendingBytes >= fileChunkBytes) {
        const all = Buffer.concat(pending, pendingBytes);
        await files.addChunk(id, seq, all.subarray(0, fileChunkBytes));
        seq += 1;
        const rest = all.subarray(fileChunkBytes);
        pending = rest.byteLength > 0 ? [rest] : [];
        pendingBytes = rest.byteLength;
      }
    }
    await flush();
    await transactWithEvents(services, async (trx, emit) => {
      const stats = new ContextStatsRepository(trx);
      if (!(await stats.lock(context.id, db.dialect))) {
        throw new AppError("not_found", "Context not found");
      }
      await new FilesRepository(trx).complete(id, size);
      await stats.addBytes(context.id, size);
      await emitContextStats(trx, emit, auth.userId, context.id);
    });
  } catch (error) {
    await files.delete(id).catch(() => undefined);
    throw error;
  }
  const row = await files.findForUser(auth.userId, id);
  if (!row) throw new AppError("not_found", "Context not found");
  return presentFile(row);
}

/** Deletes one of the caller's files and frees its bytes from their storage. */
export async function deleteFile(
  services: CommandServices,
  auth: AuthContext,
  id: string,
): Promise<void> {
  await deleteEvenWhenFull(services.db.storage, () => removeFile(services, auth, id));
}

async function removeFile(services: CommandServices, auth: AuthContext, id: string): Promise<void> {
  await transactWithEvents(services, async (trx, emit) => {
    const files = new FilesRepository(trx);
    const row = await files.findForUser(auth.userId, id);
    if (!row) throw new AppError("not_found", fileMessages.notFound);
    const stats = new ContextStatsRepository(trx);
    await stats.lock(row.context_id, services.db.dialect);
    await files.delete(id);
    await stats.addBytes(row.context_id, -Number(row.size));
    await emitContextStats(trx, emit, auth.userId, row.context_id);
  });
}
