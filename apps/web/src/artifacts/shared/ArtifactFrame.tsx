import type { ReactNode } from "react";

/** The box around every viewer: title (the artifact's name), tool caption and streaming badge. */
export function ArtifactFrame({
  title,
  toolName,
  streaming,
  children,
}: {
  title: string;
  toolName?: string | undefined;
  streaming?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold text-neutral-100">{title}</h3>
        {toolName ? (
          <p className="text-xs text-neutral-400">
            Tool: <span className="font-mono">{toolName}</span>
          </p>
        ) : null}
        {streaming ? (
          <span className="rounded-full bg-primary-500/15 px-2 py-0.5 text-xs text-primary-300">
            Updating
          </span>
        ) : null}
      </header>
      {children}
    </section>
  );
}
