/** Saves a blob as a file the browser downloads, under a name. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a conversation's name: letters, digits, spaces, dots and dashes kept. */
export function fileNameOf(name: string, extension: string): string {
  const safe =
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
      .trim()
      .slice(0, 80) || "conversation";
  return `${safe}.${extension}`;
}
