import { isRecord } from "../shared/artifact-data.js";

/** Core spec §9: how long a call-to-action shows its sent mark. */
export const sentMarkMs = 1500;

/** One section of the card. */
export interface CardSection {
  icon?: string;
  heading?: string;
  content?: string;
}

/** How a call-to-action button looks. */
export type CtaVariant = "primary" | "secondary" | "outline";

/** A call-to-action: pressing it sends its message. */
export interface CardCta {
  id: string;
  label: string;
  message: string;
  variant: CtaVariant;
  icon?: string;
}

/** A validated presentation card (core spec §3). */
export interface PresentationCard {
  title: string;
  subtitle?: string;
  icon?: string;
  theme: string;
  sections: CardSection[];
  ctas: CardCta[];
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

function only<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Reads card data; null without a title. Sections and buttons without text are skipped. */
export function readPresentationCard(data: unknown): PresentationCard | null {
  if (!isRecord(data)) return null;
  const title = text(data.title);
  if (!title) return null;
  const sections = (Array.isArray(data.sections) ? data.sections : [])
    .filter(isRecord)
    .map((s) => only({ icon: text(s.icon), heading: text(s.heading), content: text(s.content) }))
    .filter((s) => s.heading || s.content);
  const ctas = (Array.isArray(data.ctas) ? data.ctas : [])
    .filter(isRecord)
    .flatMap((c, i): CardCta[] => {
      const label = text(c.label);
      const message = text(c.message);
      if (!label || !message) return [];
      const variant: CtaVariant =
        c.variant === "secondary" || c.variant === "outline" ? c.variant : "primary";
      return [only({ id: text(c.id) ?? `cta-${i}`, label, message, variant, icon: text(c.icon) })];
    });
  return only({
    title,
    subtitle: text(data.subtitle),
    icon: text(data.icon),
    theme: text(data.theme) ?? "default",
    sections,
    ctas,
  });
}

const themes: Record<string, string> = {
  gradient:
    "bg-gradient-to-br from-primary-500/25 via-surface-raised to-surface border-primary-500/40",
  primary: "bg-primary-500/10 border-primary-500/40",
  orange: "bg-primary-500/10 border-primary-500/40",
  info: "bg-blue-500/10 border-blue-500/40",
  blue: "bg-blue-500/10 border-blue-500/40",
  success: "bg-green-500/10 border-green-500/40",
  green: "bg-green-500/10 border-green-500/40",
  warning: "bg-yellow-500/10 border-yellow-500/40",
  error: "bg-red-500/10 border-red-500/40",
};

/** The card's background and border classes for its theme; unknown themes are plain. */
export function themeClasses(theme: string): string {
  return themes[theme.toLowerCase()] ?? "bg-surface border-border";
}
