import type { ReactNode } from "react";

/** A legal text in a readable column: heading, its dates, then the text. */
export function LegalLayout({
  title,
  dates,
  children,
}: {
  title: string;
  dates: string[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-neutral-400">
        <a href="/legal">Legal</a> / {title}
      </nav>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {dates.map((line) => (
        <p key={line} className="mt-2 text-sm text-neutral-400">
          {line}
        </p>
      ))}
      <div className="prose mt-8">{children}</div>
    </div>
  );
}
