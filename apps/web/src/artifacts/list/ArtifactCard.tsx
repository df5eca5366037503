import type { Artifact } from "@a2a-chat/contracts";
import { shortId } from "../../lib/durations.js";
import { formatTimestamp, parseTimestamp } from "../../lib/timestamps.js";

function createdText(value: string): string {
  const ms = parseTimestamp(value);
  return Number.isNaN(ms) ? value : formatTimestamp(ms);
}

/** One artifact of the list: short id, type, conversation, created time and an Open button. */
export function ArtifactCard({
  artifact,
  conversationName,
  onOpen,
}: {
  artifact: Artifact;
  conversationName: string;
  onOpen: () => void;
}) {
  const { artifact_type: type, created_at: createdAt } = artifact.metadata;
  const id = shortId(artifact.artifactId);
  return (
    <article
      aria-label={`Artifact ${id}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{artifact.name ?? type}</h3>
          {artifact.description && (
            <p className="line-clamp-2 text-sm text-neutral-400">{artifact.description}</p>
          )}
        </div>
        <span className="shrink-0 rounded-full border border-primary-500/40 bg-primary-500/10 px-2 py-0.5 text-xs text-primary-200">
          {type}
        </span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-neutral-400">ID</dt>
        <dd className="font-mono" title={artifact.artifactId}>
          {id}
        </dd>
        <dt className="text-neutral-400">Conversation</dt>
        <dd className="truncate">{conversationName}</dd>
        <dt className="text-neutral-400">Created</dt>
        <dd>
          <time dateTime={createdAt}>{createdText(createdAt)}</time>
        </dd>
      </dl>
      <button
        type="button"
        onClick={onOpen}
        className="self-start rounded-md bg-primary-500 px-3 py-1 text-sm font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400"
      >
        Open
      </button>
    </article>
  );
}
