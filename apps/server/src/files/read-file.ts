import type { FilesRepository } from "../db/repositories/files.js";

/** A stored file's bytes as a stream that reads one chunk from the database per pull. */
export function fileStream(files: FilesRepository, fileId: string): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const data = await files.chunk(fileId, seq);
      seq += 1;
      if (data === undefined) controller.close();
      else controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    },
  });
}

/** Types a browser may show in place; anything else is served as a download. */
const inlineTypes = /^(image\/(png|jpeg|gif|webp|avif|bmp)|text\/plain|application\/pdf)$/;

/** Content-Disposition for a stored file: its name (RFC 6266 UTF-8 form), inline or attachment. */
export function contentDisposition(name: string, mimeType: string): string {
  const kind = inlineTypes.test(mimeType) ? "inline" : "attachment";
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
