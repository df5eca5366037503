import {
  contextFilesPath,
  fileNameHeader,
  filesPath,
  type UploadedFile,
  uploadedFileSchema,
} from "@a2a-chat/contracts";
import { ApiError, isInvalidTokenError, messages } from "./api-error.js";
import { authenticatedRequest, noValidTokenMessage } from "./authenticated-request.js";
import { goesToThisOrigin } from "./same-origin-credentials.js";
import { sessionToken } from "./session-token.js";
import { newTraceId } from "./trace-id.js";

/** Texts of failed uploads, shown as they are under the message box. */
export const uploadTexts = {
  network: (name: string) =>
    `${name} could not be uploaded: the connection failed. Check your connection and try again.`,
  refused: (name: string, reason: string) => `${name} could not be uploaded: ${reason}`,
} as const;

/** An upload was stopped by the user (the file was removed while it uploaded). */
export class UploadAborted extends Error {
  override name = "UploadAborted";
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: { error?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    // not JSON: the status says enough
  }
  const message = typeof body.message === "string" && body.message ? body.message : undefined;
  const code = typeof body.error === "string" ? body.error : undefined;
  return new ApiError(message ?? messages.failedStatus(xhr.status), xhr.status, code, message);
}

/** One upload attempt over XMLHttpRequest, which (unlike fetch) reports upload progress. */
function sendOnce(
  contextId: string,
  file: File,
  token: string,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", contextFilesPath(contextId));
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader(fileNameHeader, encodeURIComponent(file.name));
    xhr.setRequestHeader("x-trace-id", newTraceId());
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr));
      try {
        resolve(uploadedFileSchema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(
          new ApiError(
            messages.notJson(xhr.getResponseHeader("content-type") ?? "unknown"),
            xhr.status,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(messages.network, 0));
    xhr.onabort = () => reject(new UploadAborted("Upload stopped"));
    if (signal?.aborted) return reject(new UploadAborted("Upload stopped"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Uploads a file into one of the user's conversations with the session's token, reporting
 * progress; a rejected token is refreshed and the upload tried once more (core spec §9).
 */
export async function uploadFile(
  contextId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const token = sessionToken().validToken();
  if (!token) throw new ApiError(noValidTokenMessage, 0);
  try {
    return await sendOnce(contextId, file, token, onProgress, signal);
  } catch (error) {
    if (!isInvalidTokenError(error)) throw error;
    return sendOnce(contextId, file, await sessionToken().refresh(), onProgress, signal);
  }
}

/** Deletes an uploaded file the user removed before sending it. */
export function deleteUploadedFile(id: string): Promise<void> {
  return authenticatedRequest<void>(`${filesPath}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Reads one of the user's uploaded files with the session's token (only ever on this origin). */
export async function fetchUploadedFile(uri: string): Promise<Blob> {
  if (!goesToThisOrigin(uri)) throw new ApiError(messages.forbidden, 0);
  const read = async (token: string) => {
    const response = await fetch(uri, {
      headers: { Authorization: `Bearer ${token}`, "x-trace-id": newTraceId() },
    });
    if (!response.ok) {
      let body: { message?: unknown } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        // not JSON
      }
      const message = typeof body.message === "string" ? body.message : undefined;
      throw new ApiError(
        message ?? messages.failedStatus(response.status),
        response.status,
        undefined,
        message,
      );
    }
    return response.blob();
  };
  const token = sessionToken().validToken();
  if (!token) throw new ApiError(noValidTokenMessage, 0);
  try {
    return await read(token);
  } catch (error) {
    if (!isInvalidTokenError(error)) throw error;
    return read(await sessionToken().refresh());
  }
}
