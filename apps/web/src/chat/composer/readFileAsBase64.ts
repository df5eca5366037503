import type { OutgoingFile } from "../model/chat-types.js";

/** Reads a picked file into an outgoing attachment with base64 bytes. */
export function readFileAsBase64(file: File): Promise<OutgoingFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === "string" ? reader.result : "";
      // A data URL: "data:<type>;base64,<bytes>".
      const bytes = url.slice(url.indexOf(",") + 1);
      resolve({
        name: file.name,
        mimeType: file.type || "application/octet-stream",
        bytes,
        size: file.size,
      });
    };
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}
