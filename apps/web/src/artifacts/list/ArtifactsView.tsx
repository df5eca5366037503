import { useEffect, useId, useMemo, useState } from "react";
import { ErrorBanner } from "../../chat/ErrorBanner.js";
import { shortId } from "../../lib/durations.js";
import { useArtifactsStore } from "../../stores/artifacts-store.js";
import { ArtifactCard } from "./ArtifactCard.js";
import {
  allFilter,
  conversationOptions,
  filterArtifacts,
  listedArtifacts,
  showingText,
  typeOptions,
} from "./artifact-list.js";

/** Texts of the artifacts view (core spec §2.6). */
export const artifactsViewTexts = {
  title: "All Artifacts",
  allTypes: "All Types",
  allConversations: "All Conversations",
  emptyTitle: "No artifacts yet",
  emptyText: "Artifacts will appear here as agents create them",
  noMatchTitle: "No Artifacts Match Filters",
  noMatchText: "Try adjusting your filters to see more artifacts",
} as const;

/** Props of the artifacts view. */
export interface ArtifactsViewProps {
  conversations: readonly { id: string; name: string }[];
  onOpenConversation: (contextId: string) => void;
  /** Shows internal artifacts too (core spec §6). */
  debugMode?: boolean;
}

const select =
  "rounded-md border border-border bg-surface-raised px-2 py-1 text-sm text-neutral-100";

/** The Artifacts view: every artifact of the user as cards, newest first, following the stream. */
export function ArtifactsView({
  conversations,
  onOpenConversation,
  debugMode = false,
}: ArtifactsViewProps) {
  const [type, setType] = useState<string>(allFilter);
  const [contextId, setContextId] = useState<string>(allFilter);
  const typeId = useId();
  const conversationId = useId();
  const byId = useArtifactsStore((state) => state.byId);
  const ids = useArtifactsStore((state) => state.ids);
  const isLoading = useArtifactsStore((state) => state.isLoading);
  const error = useArtifactsStore((state) => state.error);
  const loadArtifacts = useArtifactsStore((state) => state.loadArtifacts);
  const clearError = useArtifactsStore((state) => state.clearError);

  useEffect(() => {
    void loadArtifacts();
  }, [loadArtifacts]);

  const listed = useMemo(() => listedArtifacts({ byId, ids }, debugMode), [byId, ids, debugMode]);
  const names = useMemo(() => new Map(conversations.map((c) => [c.id, c.name])), [conversations]);
  const types = useMemo(() => typeOptions(listed), [listed]);
  const contexts = useMemo(
    () => conversationOptions(listed, conversations),
    [listed, conversations],
  );
  // A choice whose last artifact went away falls back to all, matching what the select shows.
  const activeType = types.some((o) => o.value === type) ? type : allFilter;
  const activeContext = contexts.some((o) => o.value === contextId) ? contextId : allFilter;
  const shown = useMemo(
    () => filterArtifacts(listed, activeType, activeContext),
    [listed, activeType, activeContext],
  );

  return (
    <section
      aria-labelledby={`${typeId}-title`}
      className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4 sm:p-6"
    >
      <h2 id={`${typeId}-title`} className="text-lg font-semibold">
        {artifactsViewTexts.title}
      </h2>
      {error && <ErrorBanner message={error} onDismiss={clearError} />}
      {listed.length === 0 ? (
        isLoading ? (
          <p role="status" className="p-10 text-center text-neutral-400">
            Loading artifacts...
          </p>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-10 text-center">
            <h3 className="text-base font-semibold">{artifactsViewTexts.emptyTitle}</h3>
            <p className="text-neutral-400">{artifactsViewTexts.emptyText}</p>
          </div>
        )
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <label htmlFor={typeId} className="text-neutral-400">
              Type
            </label>
            <select
              id={typeId}
              value={activeType}
              onChange={(event) => setType(event.target.value)}
              className={select}
            >
              <option value={allFilter}>{artifactsViewTexts.allTypes}</option>
              {types.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <label htmlFor={conversationId} className="text-neutral-400">
              Conversation
            </label>
            <select
              id={conversationId}
              value={activeContext}
              onChange={(event) => setContextId(event.target.value)}
              className={select}
            >
              <option value={allFilter}>{artifactsViewTexts.allConversations}</option>
              {contexts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <p aria-live="polite" className="text-neutral-400 sm:ml-auto">
              {showingText(shown.length, listed.length)}
            </p>
          </div>
          {shown.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-10 text-center">
              <h3 className="text-base font-semibold">{artifactsViewTexts.noMatchTitle}</h3>
              <p className="text-neutral-400">{artifactsViewTexts.noMatchText}</p>
            </div>
          ) : null}
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((artifact) => (
              <li key={artifact.artifactId}>
                <ArtifactCard
                  artifact={artifact}
                  conversationName={
                    names.get(artifact.metadata.context_id) ?? shortId(artifact.metadata.context_id)
                  }
                  onOpen={() => onOpenConversation(artifact.metadata.context_id)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
