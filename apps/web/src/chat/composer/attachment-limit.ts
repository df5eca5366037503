import { fileMessages } from "@a2a-chat/contracts";
import { formatFileSize } from "../parts/file-size.js";

/** Texts about attachments: each file is uploaded once; the message carries its link (its bytes, for agents added by URL). */
export const attachmentTexts = {
  note: (limit: number) =>
    `Files are uploaded to this server: up to ${formatFileSize(limit)} each. This site's agents read them here; agents you added by URL are sent a copy.`,
  tooLarge: (name: string, size: number, limit: number) =>
    fileMessages.tooLarge(name, formatFileSize(size), formatFileSize(limit)),
} as const;

/** Whether a file is within the per-file limit (0 or unknown: no limit). */
export function fitsAttachmentLimit(fileBytes: number, limit: number | undefined): boolean {
  return limit === undefined || limit === 0 || fileBytes <= limit;
}
