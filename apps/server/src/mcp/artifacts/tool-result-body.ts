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

/** The text of a result's text blocks, joined; undefined when it has none. */
export function resultText(result: ToolCallResult): string | undefined {
  const texts = blocksOf(result).flatMap((block) => (block.type === "text" ? [block.text] : []));
  return texts.length > 0 ? texts.join("\n\n") : undefined;
}

/** A non-text block as a file part; undefined for text, and for a resource that is text. */
function blockFile(block: ContentBlock): Part | undefined {
  if (block.type === "image" || block.type === "audio") {
    return fileBody({ mimeType: block.mimeType, bytes: block.data }).part;
  }
  if (block.type === "resource_link") {
    return fileBody({ name: block.name, mimeType: block.mimeType, uri: block.uri }).part;
  }
  if (block.type === "resource" && block.resource.text === undefined) {
    const { uri, mimeType, blob } = block.resource;
    return fileBody(blob !== undefined ? { mimeType, bytes: blob } : { mimeType, uri }).part;
  }
  return undefined;
}

/** Every image, audio, binary resource and resource link of a result, as file parts. */
export function resultFiles(result: { content?: readonly unknown[] }): Part[] {
  return blocksOf(result).flatMap((block) => blockFile(block) ?? []);
}

/**
 * Every part of a successful result: its body (see resultBody), then each image, audio, binary
 * resource or link the body does not already carry, as a file part, so nothing but the text is
 * lost when a tool returns both.
 */
export function resultParts(result: ToolCallResult): ResultBody & { parts: Part[] } {
  const body = resultBody(result);
  const files = resultFiles(result);
  const extra = body.part.kind === "file" ? files.slice(1) : files;
  return { ...body, parts: [body.part, ...extra] };
}

/**
 * The body of a successful result: structuredContent when there is an object, else the text
 * blocks (parsed when they are JSON), else the first image, audio or resource as a file, else {}.
 */
export function resultBody(result: ToolCallResult): ResultBody {
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null) return valueBody(structured);
  const text = resultText(result);
  if (text !== undefined) return valueBody(parseText(text));
  for (const block of blocksOf(result)) {
    if (block.type === "image" || block.type === "audio") {
      return fileBody({ mimeType: block.mimeType, bytes: block.data });
    }
    if (block.type === "resource_link") {
      return fileBody({ name: block.name, mimeType: block.mimeType, uri: block.uri });
    }
    if (block.type === "resource") {
      const { uri, mimeType, text: resourceText, blob } = block.resource;
      if (resourceText !== undefined) return valueBody(parseText(resourceText));
      return fileBody(blob !== undefined ? { mimeType, bytes: blob } : { mimeType, uri });
    }
  }
  return valueBody({});
}
