import { fileSizeMetadataKey } from "@a2a-chat/contracts";
import type { ChatMessage, OutgoingFile } from "../model/chat-types.js";

/** The uploaded files a sent message linked to, to send again with its edit or regeneration. */
export function filesOf(message: Pick<ChatMessage, "parts">): OutgoingFile[] {
  return message.parts.flatMap((part) => {
    if (part.kind !== "file" || part.file.uri === undefined) return [];
    const size = part.metadata?.[fileSizeMetadataKey];
    return [
      {
        name: part.file.name ?? "file",
        mimeType: part.file.mimeType ?? "application/octet-stream",
        size: typeof size === "number" ? size : 0,
        uri: part.file.uri,
      },
    ];
  });
}

/** A sent message's text: its text parts, joined. */
export function textOf(message: Pick<ChatMessage, "parts" | "content">): string {
  const texts = message.parts.flatMap((part) => (part.kind === "text" ? [part.text] : []));
  return texts.length > 0 ? texts.join("\n") : message.content;
}
