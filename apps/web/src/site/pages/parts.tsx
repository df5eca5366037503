import type { ReactNode } from "react";

/** The opening of a marketing page: a heading and a lead paragraph. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20">
      {eyebrow && <p className="mb-3 text-sm font-medium text-primary-400">{eyebrow}</p>}
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h1>
      {children && <div className="mt-5 max-w-2xl text-lg text-neutral-300">{children}</div>}
    </section>
  );
}

/** A titled band of a marketing page. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      {intro && <p className="mt-2 max-w-3xl text-neutral-300">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A bordered card with a heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="card">
      <h3 className="mb-2 font-semibold text-primary-300">{title}</h3>
      <div className="text-sm leading-relaxed text-neutral-300">{children}</div>
    </article>
  );
}

/** Cards in a responsive grid. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

/** A list with check marks. */
export function Checklist({ items }: { items: ReactNode[] }) {
  return (
    <ul className="checklist">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** The two calls to action used across the marketing pages. */
export function Actions({
  primary,
  secondary,
}: {
  primary: FooterAction;
  secondary?: FooterAction;
}) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <a href={primary.href} className="button-primary">
        {primary.label}
      </a>
      {secondary && (
        <a href={secondary.href} className="button-secondary">
          {secondary.label}
        </a>
      )}
    </div>
  );
}

interface FooterAction {
  href: string;
  label: string;
}
