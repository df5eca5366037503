import type { FileContent } from "@a2a-chat/contracts";
import { memo } from "react";
import { fileHref, isImageFile } from "./file-href.js";
import { base64Size, formatFileSize } from "./file-size.js";

/** Name shown for a file that has none (core spec §2.3). */
export const unnamedFileText = "Unnamed file";

/**
 * A file part (core spec §2.3): name, type, size, a download button and, for images, an inline
 * preview from its bytes or its link.
 */
export const FilePart = memo(function FilePart({ file }: { file: FileContent }) {
  const name = file.name?.trim() || unnamedFileText;
  const href = fileHref(file);
  const size = file.bytes !== undefined ? formatFileSize(base64Size(file.bytes)) : undefined;
  return (
    <figure className="flex max-w-md flex-col gap-2 rounded-md border border-border bg-surface-raised p-3 text-sm">
      {href && isImageFile(file) && (
        <img
          src={href}
          alt={name}
          loading="lazy"
          className="max-h-80 w-auto rounded border border-border object-contain"
        />
      )}
      <figcaption className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-neutral-100" title={name}>
            {name}
          </p>
          <p className="text-xs text-neutral-400">
            {file.mimeType || "Unknown type"}
            {size && <span> · {size}</span>}
          </p>
        </div>
        {href && (
          <a
            href={href}
            download={file.name?.trim() || true}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={`Download ${name}`}
            className="rounded-md border border-border px-3 py-1 text-xs text-neutral-100 transition-colors duration-150 hover:bg-neutral-800"
          >
            Download
          </a>
        )}
      </figcaption>
    </figure>
  );
});
