import type { Part, SharedConversation } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { readShare } from "../api/conversations-api.js";
import { toApiError } from "../lib/api-error.js";
import { renderMarkdown } from "../lib/markdown.js";

/** Texts of the shared conversation page. */
export const sharedTexts = {
  loading: "Loading shared conversation...",
  badge: "Shared conversation · read-only",
  sharedOn: (at: string) => `Shared ${new Date(at).toLocaleString()}`,
  artifact: (name: string) => `Artifact: ${name}`,
} as const;

function SharedPart({ part }: { part: Part }) {
  if (part.kind === "text")
    return <div className="prose-chat text-sm">{renderMarkdown(part.text)}</div>;
  if (part.kind === "file") {
    return <p className="text-sm">📎 {part.file.name ?? "file"}</p>;
  }
  return (
    <pre className="overflow-x-auto rounded bg-surface p-2 text-xs">
      {JSON.stringify(part.data, null, 2)}
    </pre>
  );
}

function Snapshot({ shared }: { shared: SharedConversation }) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <header>
        <p className="text-xs text-primary-400">{sharedTexts.badge}</p>
        <h1 className="text-xl font-semibold">{shared.name}</h1>
        <p className="text-xs text-neutral-400">{sharedTexts.sharedOn(shared.shared_at)}</p>
      </header>
      {shared.messages.map((message, index) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot never changes; its order is its identity
          key={index}
          aria-label={message.role === "user" ? "Your message" : `Message from ${message.author}`}
          className={`rounded-lg border border-border px-4 py-3 ${message.role === "user" ? "bg-primary-500/15" : "bg-surface-raised/60"}`}
        >
          <header className="mb-1 flex gap-2 text-xs text-neutral-400">
            <span className="font-medium text-neutral-200">{message.author}</span>
            <time dateTime={message.created_at}>
              {new Date(message.created_at).toLocaleString()}
            </time>
          </header>
          {message.parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
            <SharedPart key={i} part={part} />
          ))}
          {shared.artifacts
            .filter((artifact) => artifact.after_message === index)
            .map((artifact, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: artifacts of a snapshot keep their order
              <div key={i} className="mt-3 border-t border-border pt-2">
                <h2 className="text-sm font-semibold">
                  {sharedTexts.artifact(artifact.name ?? artifact.artifact_type)}
                </h2>
                {artifact.parts.map((part, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity but their place
                  <SharedPart key={j} part={part} />
                ))}
              </div>
            ))}
        </section>
      ))}
    </article>
  );
}

/** /shared?id=…: a shared conversation, read-only, for anyone with the link (no session). */
export function SharedPage() {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const [shared, setShared] = useState<SharedConversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    readShare(id)
      .then(setShared)
      .catch((failure: unknown) => setError(toApiError(failure).message));
  }, [id]);
  if (error) {
    return (
      <p role="alert" className="p-6 text-sm text-red-400">
        {error}
      </p>
    );
  }
  if (!shared) return <p className="p-6 text-sm text-neutral-400">{sharedTexts.loading}</p>;
  return <Snapshot shared={shared} />;
}
