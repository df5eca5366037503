import type { FileContent } from "@a2a-chat/contracts";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";

/** One content of a read resource: text or base64 bytes. */
export type ResourceContent = ReadResourceResult["contents"][number];

/** How a resource content is shown. */
export type ResourceView =
  | { kind: "text"; text: string }
  | { kind: "json"; text: string }
  | { kind: "image"; src: string }
  | { kind: "video"; src: string; file: FileContent; size: number }
  /** Any other bytes, as a file part shows them: audio plays, text opens, all download. */
  | { kind: "file"; size: number; file: FileContent };

function isJson(mimeType: string | undefined): boolean {
  return mimeType === "application/json" || Boolean(mimeType?.endsWith("+json"));
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * How to show a content: JSON pretty-printed, text as it is, images and videos inline, other
 * bytes as the file they are (the chat's file viewer: audio plays, text types open, a download).
 */
export function resourceView(content: ResourceContent): ResourceView {
  if ("text" in content && typeof content.text === "string") {
    if (isJson(content.mimeType)) {
      try {
        return { kind: "json", text: JSON.stringify(JSON.parse(content.text), null, 2) };
      } catch {
        return { kind: "text", text: content.text };
      }
    }
    return { kind: "text", text: content.text };
  }
  const blob = "blob" in content && typeof content.blob === "string" ? content.blob : "";
  if (content.mimeType?.startsWith("image/"))
    return { kind: "image", src: `data:${content.mimeType};base64,${blob}` };
  const mimeType = content.mimeType ?? "application/octet-stream";
  const file: FileContent = { name: resourceFileName(content.uri), mimeType, bytes: blob };
  const size = bytesOf(blob).length;
  if (mimeType.startsWith("video/"))
    return { kind: "video", src: `data:${mimeType};base64,${blob}`, file, size };
  return { kind: "file", size, file };
}

/** The name a content gets as a file: the last segment of its URI, or "resource". */
export function resourceFileName(uri: string): string {
  const last =
    uri
      .replace(/[?#].*$/, "")
      .split("/")
      .filter(Boolean)
      .at(-1) ?? "";
  try {
    return decodeURIComponent(last) || "resource";
  } catch {
    return last || "resource";
  }
}

/** A content as a File, to upload and attach to a message as a file part. */
export function resourceFile(content: ResourceContent): File {
  const type = content.mimeType ?? ("text" in content ? "text/plain" : "application/octet-stream");
  const name = resourceFileName(content.uri);
  if ("text" in content && typeof content.text === "string")
    return new File([content.text], name, { type });
  const blob = "blob" in content && typeof content.blob === "string" ? content.blob : "";
  return new File([bytesOf(blob)], name, { type });
}
