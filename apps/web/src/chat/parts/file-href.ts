import type { FileContent } from "@a2a-chat/contracts";

const safeProtocols = new Set(["http:", "https:", "blob:", "data:"]);
const imageExtension = /\.(png|jpe?g|gif|webp|svg|bmp|avif)(\?|#|$)/i;

/** Whether a link from an agent is safe to follow or download (no javascript: and the like). */
export function isSafeFileUri(uri: string): boolean {
  try {
    return safeProtocols.has(new URL(uri, "http://relative.invalid").protocol);
  } catch {
    return false;
  }
}

/** Where a file can be downloaded or shown: a data: URL from inline bytes, else its safe uri. */
export function fileHref(file: FileContent): string | undefined {
  if (file.bytes !== undefined) {
    return `data:${file.mimeType || "application/octet-stream"};base64,${file.bytes}`;
  }
  if (file.uri !== undefined && isSafeFileUri(file.uri)) return file.uri;
  return undefined;
}

/** Whether a file is an image: by its type, or for a typeless link by its extension. */
export function isImageFile(file: FileContent): boolean {
  if (file.mimeType) return file.mimeType.toLowerCase().startsWith("image/");
  return file.uri !== undefined && imageExtension.test(file.uri);
}
