import { uploadedFileId } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import { fetchUploadedFile } from "../../lib/files-api.js";
import { logger } from "../../lib/logger.js";
import { goesToThisOrigin } from "../../lib/same-origin-credentials.js";

/** Whether a link is to a file uploaded to this server: it is read with the session's token. */
export function isUploadedFileUri(uri: string | undefined): uri is string {
  return uri !== undefined && uploadedFileId(uri) !== undefined && goesToThisOrigin(uri);
}

/** Object URLs of files read this page, newest last; the oldest are let go beyond the bound. */
const cache = new Map<string, Promise<string>>();
const maxCached = 24;

/** A local object URL holding an uploaded file's bytes, read once per page. */
export function uploadedFileUrl(uri: string): Promise<string> {
  const known = cache.get(uri);
  if (known) return known;
  const reading = fetchUploadedFile(uri).then((blob) => URL.createObjectURL(blob));
  reading.catch(() => cache.delete(uri));
  cache.set(uri, reading);
  while (cache.size > maxCached) {
    const [oldest, url] = cache.entries().next().value as [string, Promise<string>];
    cache.delete(oldest);
    url.then((href) => URL.revokeObjectURL(href)).catch(() => undefined);
  }
  return reading;
}

/** Reads an uploaded file into an object URL while `enabled`; undefined until it is read. */
export function useUploadedFileUrl(
  uri: string | undefined,
  enabled: boolean,
): { url?: string; failed: boolean } {
  const [state, setState] = useState<{ url?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!enabled || !isUploadedFileUri(uri)) return;
    let live = true;
    uploadedFileUrl(uri).then(
      (url) => live && setState({ url, failed: false }),
      (error: unknown) => {
        logger.warn("Reading an uploaded file failed", error);
        if (live) setState({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [uri, enabled]);
  return state;
}

/** Saves an uploaded file under its name (read with the session's token first). */
export async function downloadUploadedFile(uri: string, name: string): Promise<void> {
  const url = await uploadedFileUrl(uri);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}
