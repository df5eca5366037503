import type { RunnerFile } from "../turn-files.js";

/** The most of one file the planner reads: enough for any upload the default limit allows. */
export const plannerFileReadBytes = 32 * 1024 * 1024;

/** Longest quoted line of a text file. */
const quoteChars = 120;

const textTypes = /^(text\/|application\/(json|xml|javascript|x-ndjson|csv|yaml|x-yaml|toml)\b)/;
const textNames =
  /\.(txt|md|markdown|csv|tsv|json|ndjson|log|xml|ya?ml|toml|ts|tsx|js|py|sh|html?|css|ini)$/i;

/** Bytes as the chat shows them (core spec §9: powers of 1024, 2 decimals beyond bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

const count = (n: number) => n.toLocaleString("en-US");

/** Lines, words and the first and last non-blank lines of a text, in one pass. */
export function textFacts(text: string): {
  lines: number;
  words: number;
  first: string;
  last: string;
} {
  let lines = text.length > 0 ? 1 : 0;
  let words = 0;
  let inWord = false;
  let lineStart = 0;
  let first = "";
  let last = "";
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    if (code === 10) {
      const line = text.slice(lineStart, Math.min(i, lineStart + 4 * quoteChars)).trim();
      if (line !== "") {
        if (first === "") first = line;
        last = line;
      }
      if (i < text.length && i + 1 < text.length) lines += 1;
      lineStart = i + 1;
    }
    const space = code === 32 || code === 9 || code === 10 || code === 13;
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return { lines, words, first, last };
}

function quote(line: string): string {
  return `“${line.length > quoteChars ? `${line.slice(0, quoteChars)}…` : line}”`;
}

/** Width and height from a PNG, GIF or JPEG header, or undefined for other images. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && view.getUint32(0) === 0x47494638) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 4 && view.getUint16(0) === 0xffd8) {
    // Walk the JPEG's segments to the first start-of-frame, which holds the size.
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1] ?? 0;
      const length = view.getUint16(at + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      at += 2 + length;
    }
  }
  return undefined;
}

function isText(file: RunnerFile): boolean {
  return textTypes.test(file.mimeType) || textNames.test(file.name);
}

/** What the planner says about one file it was sent, having read it. */
export async function describeFile(file: RunnerFile, signal?: AbortSignal): Promise<string> {
  const title = `**${file.name}**`;
  try {
    if (file.mimeType.startsWith("image/")) {
      const { bytes } = await file.read(64 * 1024, signal);
      const size = imageSize(bytes);
      const sizeText = file.size === undefined ? "" : ` (${formatBytes(file.size)})`;
      return size
        ? `${title} is a ${file.mimeType.slice(6).toUpperCase()} image of ${count(size.width)} × ${count(size.height)} pixels${sizeText}.`
        : `${title} is an image (${file.mimeType})${sizeText}.`;
    }
    if (isText(file)) {
      const { bytes, truncated } = await file.read(plannerFileReadBytes, signal);
      const facts = textFacts(new TextDecoder().decode(bytes));
      const read = truncated
        ? `its first ${formatBytes(bytes.byteLength)}`
        : `${formatBytes(bytes.byteLength)}`;
      let text = `I read ${title} (${file.mimeType}, ${read}): ${count(facts.lines)} lines and ${count(facts.words)} words.`;
      if (facts.first !== "") {
        const end = facts.last !== facts.first ? ` and ends ${quote(facts.last)}` : "";
        text += ` It begins ${quote(facts.first)}${end}.`;
      }
      return text;
    }
    const sizeText = file.size === undefined ? "" : `, ${formatBytes(file.size)}`;
    return `I received ${title} (${file.mimeType}${sizeText}). Without a language model I can describe text files and images only.`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `I could not read ${title}: ${reason}`;
  }
}

/** The planner's reply to a message that brought files: a sentence or two per file. */
export async function describeFiles(files: RunnerFile[], signal?: AbortSignal): Promise<string> {
  const lines: string[] = [];
  for (const file of files) lines.push(await describeFile(file, signal));
  return lines.join("\n\n");
}
