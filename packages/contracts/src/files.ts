import { z } from "zod";

/** Where one uploaded file is read (GET) or deleted (DELETE): `${filesPath}/{id}`. */
export const filesPath = "/api/v1/core/files";

/** Where a file is uploaded into one of the caller's conversations (POST, the raw bytes). */
export function contextFilesPath(contextId: string): string {
  return `/api/v1/core/contexts/${encodeURIComponent(contextId)}/files`;
}

/** Header carrying the uploaded file's name, percent-encoded (a header holds ASCII only). */
export const fileNameHeader = "x-file-name";

/** Longest file name kept; longer names are cut. */
export const maxFileNameLength = 255;

/** Part metadata key holding an uploaded file's size in bytes (a link carries no size). */
export const fileSizeMetadataKey = "size";

/** Reply of an upload: the stored file and the link a message carries. */
export const uploadedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  /** Path of the file on this server (GET with the owner's token). */
  uri: z.string(),
  created_at: z.string(),
});
/** Reply of an upload. */
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The id of an uploaded file from its link (absolute or a path), or undefined for other links. */
export function uploadedFileId(uri: string): string | undefined {
  let path: string;
  try {
    path = new URL(uri, "http://relative.invalid").pathname;
  } catch {
    return undefined;
  }
  const prefix = `${filesPath}/`;
  if (!path.startsWith(prefix)) return undefined;
  const id = path.slice(prefix.length);
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : undefined;
}

/** Texts about uploads, shown as they are by the chat. */
export const fileMessages = {
  tooLarge: (name: string, size: string, limit: string) =>
    `${name} (${size}) is too large: files can be up to ${limit} each.`,
  tooLargeBytes: (limit: number) => `File is too large: the limit is ${limit} bytes.`,
  notFound: "File not found",
} as const;
