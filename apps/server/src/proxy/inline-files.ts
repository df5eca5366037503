import { type Message, type Part, uploadedFileId } from "@a2a-chat/contracts";
import type { FileBytes } from "../agents/turn-files.js";

/** Reads up to `maxBytes` of one of the caller's uploads; rejects when the caller cannot read it. */
export type UploadReader = (
  id: string,
  maxBytes: number,
  signal?: AbortSignal,
) => Promise<FileBytes>;

/** Texts the user sees when the files of their message cannot go to the agent. */
export const inlineFileMessages = {
  unreadable: (name: string, reason: string) => `Cannot send ${name} to the agent: ${reason}`,
  tooLarge: (limit: number) =>
    `The attached files are too large to send to this agent: at most ${limit} bytes in all can be sent with one message.`,
} as const;

/** An error whose message is meant for the user as it is. */
export class InlineFileError extends Error {
  override name = "InlineFileError";
}

/**
 * The id of the upload a link names when the link is to this server: a path, or an absolute URL
 * whose host is one this server answers at. A link elsewhere (even with our path) is not ours.
 */
export function ownUploadId(uri: string, ownHosts: readonly string[]): string | undefined {
  const id = uploadedFileId(uri);
  if (id === undefined) return undefined;
  if (uri.startsWith("/") && !uri.startsWith("//")) return id;
  let host: string;
  try {
    host = new URL(uri).host.toLowerCase();
  } catch {
    return undefined;
  }
  return ownHosts.some((own) => own.toLowerCase() === host) ? id : undefined;
}

export interface InlineOptions {
  /** Hosts this server answers at (the user's request's, the configured public URL's). */
  ownHosts: readonly string[];
  read: UploadReader;
  /** Most bytes the message's files may hold in all (what is already inline counts too). */
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * The message as an external agent can read it: each file part that links to one of our uploads
 * becomes the file's bytes inline (name, type, base64), read as the user, since the agent cannot
 * follow our links (they need the user's session, which stays here). Links elsewhere and inline
 * bytes pass unchanged. A file the user cannot read, or files above `maxBytes` in all, reject the
 * whole message with a text for the user: nothing is dropped silently.
 */
export async function inlineOwnFiles(message: Message, options: InlineOptions): Promise<Message> {
  let total = 0;
  const tooLarge = () => new InlineFileError(inlineFileMessages.tooLarge(options.maxBytes));
  const parts: Part[] = [];
  for (const part of message.parts) {
    if (part.kind !== "file") {
      parts.push(part);
      continue;
    }
    const { file } = part;
    if (file.bytes !== undefined) {
      total += Math.floor((file.bytes.length * 3) / 4);
      if (total > options.maxBytes) throw tooLarge();
      parts.push(part);
      continue;
    }
    const id = file.uri === undefined ? undefined : ownUploadId(file.uri, options.ownHosts);
    if (id === undefined) {
      parts.push(part);
      continue;
    }
    const name = file.name?.trim() || "Unnamed file";
    let read: FileBytes;
    try {
      read = await options.read(id, options.maxBytes - total, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new InlineFileError(inlineFileMessages.unreadable(name, reason));
    }
    total += read.bytes.byteLength;
    if (read.truncated || total > options.maxBytes) throw tooLarge();
    const { uri: _link, ...rest } = file;
    parts.push({
      ...part,
      file: {
        ...rest,
        name,
        mimeType: file.mimeType?.trim() || "application/octet-stream",
        bytes: Buffer.from(read.bytes).toString("base64"),
      },
    });
  }
  return { ...message, parts };
}
