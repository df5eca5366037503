import type { FileContent } from "@a2a-chat/contracts";
import { memo, useState } from "react";
import { logger } from "../../lib/logger.js";
import { FilePreview } from "./FilePreview.js";
import { fileHref, isImageFile } from "./file-href.js";
import { base64Size, formatFileSize } from "./file-size.js";
import {
  downloadUploadedFile,
  isUploadedFileUri,
  useUploadedFileUrl,
} from "./uploaded-file-url.js";

/** Name shown for a file that has none (core spec §2.3). */
export const unnamedFileText = "Unnamed file";

/** Said when an uploaded file cannot be read back (deleted, or the network failed). */
export const fileUnavailableText = "This file could not be loaded.";

const buttonClass =
  "rounded-md border border-border px-3 py-1 text-xs text-neutral-100 transition-colors duration-150 hover:bg-neutral-800";

/**
 * A file part (core spec §2.3): name, type, size, a download button and, for images, an inline
 * preview from its bytes or its link; audio plays and text opens inline (FilePreview). A file uploaded to this server is read with the session's
 * token (a plain link would carry none).
 */
export const FilePart = memo(function FilePart({
  file,
  size: knownSize,
}: {
  file: FileContent;
  /** Its size in bytes when the part says it (an upload's link carries it in metadata). */
  size?: number;
}) {
  const name = file.name?.trim() || unnamedFileText;
  const uploaded = file.bytes === undefined && isUploadedFileUri(file.uri);
  const image = isImageFile(file);
  const read = useUploadedFileUrl(file.uri, uploaded && image);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const href = uploaded ? read.url : fileHref(file);
  const bytes = file.bytes !== undefined ? base64Size(file.bytes) : knownSize;
  const size = bytes !== undefined ? formatFileSize(bytes) : undefined;
  const failed = read.failed || downloadFailed;
  return (
    <figure className="flex max-w-md flex-col gap-2 rounded-md border border-border bg-surface-raised p-3 text-sm">
      {href && image && (
        <img
          src={href}
          alt={name}
          loading="lazy"
          className="max-h-80 w-auto rounded border border-border object-contain"
        />
      )}
      <FilePreview file={file} href={href} name={name} />
      <figcaption className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-neutral-100" title={name}>
            {name}
          </p>
          <p className="text-xs text-neutral-400">
            {file.mimeType || "Unknown type"}
            {size && <span> · {size}</span>}
          </p>
          {failed && (
            <p role="alert" className="text-xs text-red-300">
              {fileUnavailableText}
            </p>
          )}
        </div>
        {uploaded && file.uri ? (
          <button
            type="button"
            aria-label={`Download ${name}`}
            className={buttonClass}
            onClick={() => {
              const uri = file.uri ?? "";
              downloadUploadedFile(uri, file.name?.trim() || "file").then(
                () => setDownloadFailed(false),
                (error: unknown) => {
                  logger.warn("Downloading an uploaded file failed", error);
                  setDownloadFailed(true);
                },
              );
            }}
          >
            Download
          </button>
        ) : (
          href && (
            <a
              href={href}
              download={file.name?.trim() || true}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={`Download ${name}`}
              className={buttonClass}
            >
              Download
            </a>
          )
        )}
      </figcaption>
    </figure>
  );
});
