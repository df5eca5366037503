import { fileSizeMetadataKey, filesPath, type Message, uploadedFileId } from "@a2a-chat/contracts";

/** What a read of a file returned: its first bytes, and whether there were more. */
export interface FileBytes {
  bytes: Uint8Array;
  truncated: boolean;
}

/** A file the user sent with their new message, as a runner can read it. */
export interface RunnerFile {
  name: string;
  mimeType: string;
  /** Its size when known (inline bytes, or an upload's size in the part's metadata). */
  size?: number;
  /** Reads up to `maxBytes` of it; rejects with a message when it cannot be read. */
  read(maxBytes: number, signal?: AbortSignal): Promise<FileBytes>;
}

/** Said when a file is a link elsewhere: an agent reads only files uploaded to this server. */
export const foreignFileMessage = "It is a link to another site, which this agent does not follow.";

/** Reads a stream up to `maxBytes`, then stops it. */
export async function readUpTo(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<FileBytes> {
  const reader = stream?.getReader();
  const pieces: Uint8Array[] = [];
  let total = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      pieces.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(pieces, total), truncated: true };
    }
    pieces.push(value);
    total += value.byteLength;
  }
  return { bytes: Buffer.concat(pieces, total), truncated: false };
}

/** Who reads uploads: the app's own fetch (no socket) and the caller's token. */
export interface UploadAccess {
  fetch?: typeof fetch;
  token?: string;
}

/**
 * Reads up to `maxBytes` of an upload through our own files endpoint as the caller (their token,
 * the app's own fetch: it never leaves the process), so only what the caller may read is read.
 * Rejects with a message when it cannot be read (another user's file reads as missing).
 */
export async function readUpload(
  access: UploadAccess,
  id: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<FileBytes> {
  if (!access.fetch || !access.token) throw new Error(foreignFileMessage);
  const res = await access.fetch(`http://localhost${filesPath}/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${access.token}` },
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(
      res.status === 404 ? "The file is no longer there." : `Reading it failed (${res.status}).`,
    );
  }
  return readUpTo(res.body, maxBytes);
}

function sizeOf(metadata: Record<string, unknown> | undefined): number | undefined {
  const size = metadata?.[fileSizeMetadataKey];
  return typeof size === "number" && Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}

/**
 * The files of the user's new message. Inline bytes are decoded; a link to a file uploaded here
 * is read through our own files endpoint as the caller (their token, the app's own fetch: it
 * never leaves the process), so an agent sees only what its caller may see. Links elsewhere are
 * not followed.
 */
export function turnFiles(message: Message | undefined, access: UploadAccess): RunnerFile[] {
  const files: RunnerFile[] = [];
  for (const part of message?.parts ?? []) {
    if (part.kind !== "file") continue;
    const { file } = part;
    const name = file.name?.trim() || "Unnamed file";
    const mimeType = file.mimeType?.trim() || "application/octet-stream";
    if (file.bytes !== undefined) {
      const bytes = Buffer.from(file.bytes, "base64");
      files.push({
        name,
        mimeType,
        size: bytes.byteLength,
        read: async (maxBytes) => ({
          bytes: bytes.subarray(0, maxBytes),
          truncated: bytes.byteLength > maxBytes,
        }),
      });
      continue;
    }
    const id = file.uri === undefined ? undefined : uploadedFileId(file.uri);
    const size = sizeOf(part.metadata);
    files.push({
      name,
      mimeType,
      ...(size !== undefined ? { size } : {}),
      read: async (maxBytes, signal) => {
        if (id === undefined) throw new Error(foreignFileMessage);
        return readUpload(access, id, maxBytes, signal);
      },
    });
  }
  return files;
}
