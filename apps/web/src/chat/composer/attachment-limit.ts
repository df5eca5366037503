import { fileMessages } from "@a2a-chat/contracts";
import { formatFileSize } from "../parts/file-size.js";

/** Texts about attachments: each file is uploaded once and the message carries its link. */
export const attachmentTexts = {
  note: (limit: number) =>
    `Files are uploaded to this server and sent to the agent as links: up to ${formatFileSize(limit)} each.`,
  tooLarge: (name: string, size: number, limit: number) =>
    fileMessages.tooLarge(name, formatFileSize(size), formatFileSize(limit)),
} as const;

/** Whether a file is within the per-file limit (0 or unknown: no limit). */
export function fitsAttachmentLimit(fileBytes: number, limit: number | undefined): boolean {
  return limit === undefined || limit === 0 || fileBytes <= limit;
}
