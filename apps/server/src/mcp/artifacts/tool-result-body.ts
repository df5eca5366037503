import type { Part } from "@a2a-chat/contracts";
import { z } from "zod";
import { asDataObject, inferArtifactType } from "./infer-artifact-type.js";

/** A tool's result as MCP returns it (CallToolResult); only the fields the conversion reads. */
export interface ToolCallResult {
  content?: readonly unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  /** May carry per-call rendering hints (x-rendering-hints) that override the declared ones. */
  _meta?: Record<string, unknown>;
}

const textBlock = z.object({ type: z.literal("text"), text: z.string() });
const mediaBlock = z.object({
  type: z.enum(["image", "audio"]),
  data: z.string(),
  mimeType: z.string(),
});
const resourceBlock = z.object({
  type: z.literal("resource"),
  resource: z.object({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    blob: z.string().optional(),
  }),
});
const resourceLinkBlock = z.object({
  type: z.literal("resource_link"),
  uri: z.string(),
  name: z.string().optional(),
  mimeType: z.string().optional(),
});
const contentBlock = z.union([textBlock, mediaBlock, resourceBlock, resourceLinkBlock]);
type ContentBlock = z.infer<typeof contentBlock>;

/** The one part an artifact of a result carries, and the type its value looks like. */
export interface ResultBody {
  part: Part;
  inferredType: string;
}

function blocksOf(result: ToolCallResult): ContentBlock[] {
  return (result.content ?? []).flatMap((block) => {
    const parsed = contentBlock.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Text that is JSON becomes its value; any other text stays a string (markdown). */
function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

function valueBody(value: unknown): ResultBody {
  const inferredType = inferArtifactType(value);
  if (typeof value === "string") return { part: { kind: "text", text: value }, inferredType };
  return { part: { kind: "data", data: asDataObject(value) }, inferredType };
}

function fileBody(file: { name?: string; mimeType?: string; bytes?: string; uri?: string }) {
  const defined = Object.entries(file).filter(([, value]) => value !== undefined);
  return {
    part: { kind: "file", file: Object.fromEntries(defined) },
    inferredType: "file",
  } as ResultBody;
}

/** Extensions of common types whose subtype is not one. */
const extensionOf: Record<string, string> = {
  jpeg: "jpg",
  "svg+xml": "svg",
  mpeg: "mp3",
  "x-wav": "wav",
  wave: "wav",
  plain: "txt",
  markdown: "md",
  "octet-stream": "bin",
};

/** A file name without path separators or control characters, at most 100 characters. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, "_").slice(0, 100);

/** The last segment of a URI's path, as a file name (none for data: URIs or bare hosts). */
function uriName(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    const url = new URL(uri);
    if (url.protocol === "data:") return undefined;
    const last = url.pathname.split("/").filter(Boolean).at(-1);
    return last ? safeName(decodeURIComponent(last)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The name of the `index`th file (from 0) of a tool's result: its own name, else its URI's last
 * segment, else the tool's name (numbered from the second file) with an extension from its
 * type, so a download is never an 'Unnamed file'.
 */
function fileName(
  own: { name?: string | undefined; uri?: string | undefined; mimeType?: string | undefined },
  index: number,
  toolName: string | undefined,
): string {
  const named = own.name?.trim() || uriName(own.uri);
  if (named) return named;
  const base = `${safeName(toolName ?? "") || "file"}${index > 0 ? `-${index + 1}` : ""}`;
  const subtype = own.mimeType?.split("/")[1]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = extensionOf[subtype] ?? subtype.replace(/[^a-z0-9]/g, "").slice(0, 10);
  return extension ? `${base}.${extension}` : base;
}

/** The text of a result's text blocks, joined; undefined when it has none. */
export function resultText(result: ToolCallResult): string | undefined {
  const texts = blocksOf(result).flatMap((block) => (block.type === "text" ? [block.text] : []));
  return texts.length > 0 ? texts.join("\n\n") : undefined;
}

/** A non-text block as a file part named (see fileName); undefined for text, and a text resource. */
function blockFile(block: ContentBlock, index: number, toolName?: string): Part | undefined {
  const named = (file: { name?: string; mimeType?: string; bytes?: string; uri?: string }) =>
    fileBody({ ...file, name: fileName(file, index, toolName) }).part;
  if (block.type === "image" || block.type === "audio") {
    return named({ mimeType: block.mimeType, bytes: block.data });
  }
  if (block.type === "resource_link") {
    return named({ name: block.name, mimeType: block.mimeType, uri: block.uri });
  }
  if (block.type === "resource") {
    const { uri, mimeType, blob, text } = block.resource;
    if (blob === undefined && text === undefined) return named({ mimeType, uri });
    // The content keeps no URI in the part, but its URI still names it; text goes as UTF-8.
    const bytes = blob ?? Buffer.from(text ?? "", "utf8").toString("base64");
    const type = mimeType ?? (text !== undefined ? "text/plain" : undefined);
    return fileBody({
      ...(type ? { mimeType: type } : {}),
      bytes,
      name: fileName({ uri, mimeType: type }, index, toolName),
    }).part;
  }
  return undefined;
}

/**
 * Every image, audio, embedded resource (text or binary) and resource link of a result, as file
 * parts, each named:
 * its own name, its URI's last segment, or `toolName` with an extension from its type.
 */
export function resultFiles(result: { content?: readonly unknown[] }, toolName?: string): Part[] {
  const files: Part[] = [];
  for (const block of blocksOf(result)) {
    const file = blockFile(block, files.length, toolName);
    if (file) files.push(file);
  }
  return files;
}

/**
 * Every part of a successful result: its body (see resultBody), then each image, audio, binary
 * resource or link the body does not already carry, as a file part, so nothing but the text is
 * lost when a tool returns both. Files are named (see resultFiles).
 */
export function resultParts(
  result: ToolCallResult,
  toolName?: string,
): ResultBody & { parts: Part[] } {
  const body = resultBody(result, toolName);
  const files = resultFiles(result, toolName);
  // A body taken from the first file (or text resource) is not that file again.
  const extra = body.part.kind === "file" || bodyIsTextResource(result) ? files.slice(1) : files;
  return { ...body, parts: [body.part, ...extra] };
}

/** Whether the body is the first text resource: no structured object, no text blocks. */
function bodyIsTextResource(result: ToolCallResult): boolean {
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null) return false;
  if (resultText(result) !== undefined) return false;
  const first = blocksOf(result).find((block) => block.type !== "text");
  return first?.type === "resource" && first.resource.text !== undefined;
}

/**
 * The body of a successful result: structuredContent when there is an object, else the text
 * blocks (parsed when they are JSON), else the first image, audio or resource as a named file
 * (a resource that is text as its value), else {}.
 */
export function resultBody(result: ToolCallResult, toolName?: string): ResultBody {
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null) return valueBody(structured);
  const text = resultText(result);
  if (text !== undefined) return valueBody(parseText(text));
  const first = blocksOf(result).find((block) => block.type !== "text");
  if (first?.type === "resource" && first.resource.text !== undefined)
    return valueBody(parseText(first.resource.text));
  const file = first && blockFile(first, 0, toolName);
  return file ? { part: file, inferredType: "file" } : valueBody({});
}
