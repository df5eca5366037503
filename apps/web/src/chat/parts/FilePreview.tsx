import type { FileContent } from "@a2a-chat/contracts";
import { useState } from "react";

/** Texts of a file's inline preview. */
export const filePreviewTexts = {
  open: "Open",
  close: "Close",
  audioLabel: (name: string) => `Play ${name}`,
} as const;

/** Most characters of a text file shown inline; the download has the rest. */
export const maxPreviewChars = 100_000;

const textTypes = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|ld\+json)\b)/i;

/** Whether a file is audio the page can play. */
export function isAudioFile(file: FileContent): boolean {
  return file.mimeType?.toLowerCase().startsWith("audio/") === true;
}

/** Whether a file is text the page can show inline: its type says text and its bytes are here. */
export function isTextFile(file: FileContent): boolean {
  return file.bytes !== undefined && textTypes.test(file.mimeType ?? "");
}

/** Inline bytes (base64) as UTF-8 text, cut at maxPreviewChars. */
export function previewText(bytes: string): string {
  const binary = atob(bytes);
  const data = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  const text = new TextDecoder().decode(data);
  return text.length > maxPreviewChars ? `${text.slice(0, maxPreviewChars)}…` : text;
}

/**
 * What a file part shows inline besides its name: a player for audio, and for text (such as a
 * tool's embedded resource) an Open button that shows its text.
 */
export function FilePreview({
  file,
  href,
  name,
}: {
  file: FileContent;
  href?: string | undefined;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  if (isAudioFile(file) && href) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a tool's audio comes with no captions to show.
      <audio
        controls
        preload="metadata"
        src={href}
        aria-label={filePreviewTexts.audioLabel(name)}
        className="w-full"
      />
    );
  }
  if (!isTextFile(file) || file.bytes === undefined) return null;
  const bytes = file.bytes;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-label={`${open ? filePreviewTexts.close : filePreviewTexts.open} ${name}`}
        onClick={() => setOpen(!open)}
        className="rounded-md border border-border px-3 py-1 text-xs text-neutral-100 transition-colors duration-150 hover:bg-neutral-800"
      >
        {open ? filePreviewTexts.close : filePreviewTexts.open}
      </button>
      {open ? (
        <section aria-label={`Contents of ${name}`}>
          <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-surface p-2 text-xs text-neutral-200">
            {previewText(bytes)}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
