import { formatFileSize } from "../parts/file-size.js";

/** An attached file as the composer lists it. */
export interface AttachmentChip {
  key: string;
  name: string;
  size: number;
}

/** The files attached to the next message, each with its size and a remove button. */
export function AttachmentChips({
  files,
  onRemove,
}: {
  files: AttachmentChip[];
  onRemove: (key: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="flex flex-wrap gap-2">
      {files.map((file) => (
        <li
          key={file.key}
          className="flex items-center gap-2 rounded-md border border-border bg-surface-raised py-1 pr-1 pl-2 text-xs"
        >
          <span className="max-w-48 truncate text-neutral-100" title={file.name}>
            {file.name}
          </span>
          <span className="text-neutral-400">{formatFileSize(file.size)}</span>
          <button
            type="button"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(file.key)}
            className="rounded px-1 text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
