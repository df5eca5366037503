import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { useEffect, useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { type BrowseTarget, readServerResource } from "../../api/mcp-browse-api.js";
import { FilePart } from "../../chat/parts/FilePart.js";
import { Button } from "../../lib/Button.js";
import { attachToDraft } from "./attach-resource.js";
import { resourceFile, resourceView } from "./resource-file.js";

/** Texts of the resource viewer. */
export const resourceDialogTexts = {
  loading: "Reading...",
  attach: "Attach to message",
  attached: "Attached to the message",
  empty: "This resource has no content.",
  updated: (time: string) => `Updated by the server at ${time}`,
  file: (size: number) => `A file of ${size} bytes; attach it to a message to send it.`,
  videoLabel: (name: string) => `Play ${name}`,
} as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads a resource and shows it (text, JSON, image, video, or any other file through the chat's
 * file viewer: audio plays, text types open, every file downloads), with Attach to message.
 */
export function ResourceDialog({
  target,
  uri,
  title,
  updatedAt,
  onClose,
}: {
  target: BrowseTarget;
  uri: string;
  title: string;
  /** When the server last said this resource changed: it is read again. */
  updatedAt?: number | undefined;
  onClose: () => void;
}) {
  const [result, setResult] = useState<ReadResourceResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState(false);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the server says it changed.
  useEffect(() => {
    let live = true;
    readServerResource(target, uri).then(
      (read) => live && setResult(read),
      (failed: unknown) => live && setError(errorText(failed)),
    );
    return () => {
      live = false;
    };
  }, [target, uri, updatedAt]);

  const attach = async () => {
    if (!result) return;
    setBusy(true);
    setError(null);
    try {
      for (const content of result.contents) await attachToDraft(resourceFile(content));
      setAttached(true);
    } catch (failed) {
      setError(errorText(failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={title}
      footer={
        <>
          {attached ? (
            <span role="status" className="text-xs text-emerald-300">
              {resourceDialogTexts.attached}
            </span>
          ) : null}
          <Button onClick={() => void attach()} disabled={!result || busy || attached}>
            {resourceDialogTexts.attach}
          </Button>
        </>
      }
    >
      <p className="mb-2 break-all font-mono text-xs text-neutral-400">{uri}</p>
      {updatedAt ? (
        <p role="status" className="mb-2 text-xs text-sky-300">
          {resourceDialogTexts.updated(new Date(updatedAt).toLocaleTimeString())}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {!result && !error ? (
        <p className="text-sm text-neutral-400">{resourceDialogTexts.loading}</p>
      ) : null}
      {result && result.contents.length === 0 ? (
        <p className="text-sm text-neutral-400">{resourceDialogTexts.empty}</p>
      ) : null}
      {result?.contents.map((content) => {
        const view = resourceView(content);
        return (
          <div key={content.uri} data-testid="resource-content" className="mb-3">
            {view.kind === "image" ? (
              <img src={view.src} alt={content.uri} className="max-h-96 max-w-full" />
            ) : view.kind === "video" ? (
              <>
                {/* biome-ignore lint/a11y/useMediaCaption: a server's video comes with no captions. */}
                <video
                  controls
                  preload="metadata"
                  src={view.src}
                  aria-label={resourceDialogTexts.videoLabel(view.file.name ?? content.uri)}
                  className="mb-2 max-h-96 max-w-full"
                />
                <FilePart file={view.file} />
              </>
            ) : view.kind === "file" ? (
              <>
                <p className="mb-2 text-sm text-neutral-300">
                  {resourceDialogTexts.file(view.size)}
                </p>
                <FilePart file={view.file} />
              </>
            ) : (
              <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded bg-neutral-900 p-2 text-xs text-neutral-200">
                {view.text}
              </pre>
            )}
          </div>
        );
      })}
    </Modal>
  );
}
