import { formatFileSize } from "../parts/file-size.js";

/** Texts about the size of attachments (files travel inside the message). */
export const attachmentTexts = {
  note: (limit: number) =>
    `Files travel inside the message: up to ${formatFileSize(limit)} in all.`,
  tooLarge: (name: string, size: number, limit: number) =>
    `${name} (${formatFileSize(size)}) is too large: attachments can be up to ${formatFileSize(limit)} in all.`,
} as const;

/** Whether one more file still fits the message with those already attached. */
export function fitsAttachmentLimit(
  attachedBytes: number,
  fileBytes: number,
  limit: number | undefined,
): boolean {
  return limit === undefined || attachedBytes + fileBytes <= limit;
}
