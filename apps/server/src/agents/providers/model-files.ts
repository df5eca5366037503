import type { ModelMessage, UserContent } from "ai";
import type { RunnerFile } from "../turn-files.js";

type UserParts = Exclude<UserContent, string>;

/** Largest image handed to a model (providers refuse far smaller ones than uploads allow). */
export const modelImageBytes = 20 * 1024 * 1024;
/** Most of a text file a model reads; the rest is left out, and the model is told so. */
export const modelTextBytes = 256 * 1024;

const textTypes = /^(text\/|application\/(json|xml|javascript|x-ndjson|csv|yaml|x-yaml|toml)\b)/;
const imageTypes = /^image\/(png|jpeg|gif|webp)$/;

/** One file as the model sees it: an image, the text of a text file, or a note naming it. */
async function filePart(file: RunnerFile, signal: AbortSignal): Promise<UserParts[number]> {
  try {
    if (imageTypes.test(file.mimeType)) {
      const { bytes, truncated } = await file.read(modelImageBytes, signal);
      if (!truncated) return { type: "image", image: bytes, mediaType: file.mimeType };
      return { type: "text", text: `[Attached image ${file.name}: too large to show the model]` };
    }
    if (textTypes.test(file.mimeType)) {
      const { bytes, truncated } = await file.read(modelTextBytes, signal);
      const text = new TextDecoder().decode(bytes);
      const cut = truncated ? `\n[… the rest of ${file.name} is left out]` : "";
      return {
        type: "text",
        text: `[Attached file ${file.name} (${file.mimeType})]\n${text}${cut}`,
      };
    }
    return {
      type: "text",
      text: `[Attached file ${file.name} (${file.mimeType}): not readable as text]`,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { type: "text", text: `[Attached file ${file.name} could not be read: ${reason}]` };
  }
}

/**
 * The conversation with the new message's files added to its last user turn: images as image
 * parts, text files as their (bounded) text, other files named.
 */
export async function withFiles(
  messages: ModelMessage[],
  files: RunnerFile[] | undefined,
  signal: AbortSignal,
): Promise<ModelMessage[]> {
  if (!files || files.length === 0) return messages;
  const last = messages.findLastIndex((m) => m.role === "user");
  const turn = messages[last];
  if (turn?.role !== "user") return messages;
  const parts: UserParts =
    typeof turn.content === "string" ? [{ type: "text", text: turn.content }] : [...turn.content];
  for (const file of files) parts.push(await filePart(file, signal));
  return messages.map((m, i) => (i === last ? { role: "user", content: parts } : m));
}
