import type { Message } from "@a2a-js/sdk";

/** A file the agent received in a user's message: its bytes when inline, else its link. */
export interface ReceivedFile {
  name: string;
  mediaType: string;
  bytes?: Buffer;
  url?: string;
}

export function filesOf(message: Message): ReceivedFile[] {
  return message.parts.flatMap((part): ReceivedFile[] => {
    const named = { name: part.filename, mediaType: part.mediaType };
    if (part.content?.$case === "raw")
      return [{ ...named, bytes: Buffer.from(part.content.value) }];
    if (part.content?.$case === "url") return [{ ...named, url: part.content.value }];
    return [];
  });
}

/** What the agent says of a file: name, size, and a text file's content. */
function fileSaid(file: ReceivedFile): string {
  if (!file.bytes) return ` [${file.name} at ${file.url}]`;
  const content = file.mediaType.startsWith("text/") ? `: ${file.bytes.toString("utf8")}` : "";
  return ` [${file.name}, ${file.bytes.byteLength} bytes${content}]`;
}

/** The message's text, then a note of each file it carried. */
export function textOf(message: Message): string {
  const text = message.parts
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .join("");
  return text + filesOf(message).map(fileSaid).join("");
}
