import { formatFileSize } from "../parts/file-size.js";

/** An attached file as the composer lists it. */
export interface AttachmentChip {
  key: string;
  name: string;
  size: number;
  /** Bytes uploaded so far; the upload is done when `done`. */
  sent: number;
  done: boolean;
}

/** Whole percent of an upload, 0–100. */
export function uploadPercent(sent: number, size: number): number {
  if (size <= 0) return 100;
  return Math.min(100, Math.floor((sent / size) * 100));
}

/**
 * The files attached to the next message, each with its size, its upload's progress while it
 * runs, and a remove button (which also stops an upload under way).
 */
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
      {files.map((file) => {
        const percent = uploadPercent(file.sent, file.size);
        return (
          <li
            key={file.key}
            className="flex flex-col gap-1 rounded-md border border-border bg-surface-raised py-1 pr-1 pl-2 text-xs"
          >
            <div className="flex items-center gap-2">
              <span className="max-w-48 truncate text-neutral-100" title={file.name}>
                {file.name}
              </span>
              <span className="text-neutral-400">{formatFileSize(file.size)}</span>
              {!file.done && (
                <span className="tabular-nums text-primary-300">Uploading {percent}%</span>
              )}
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(file.key)}
                className="rounded px-1 text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
              >
                ×
              </button>
            </div>
            {!file.done && (
              <div
                role="progressbar"
                aria-label={`Uploading ${file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1 w-full overflow-hidden rounded bg-neutral-800"
              >
                <div className="h-full bg-primary-500" style={{ width: `${percent}%` }} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
