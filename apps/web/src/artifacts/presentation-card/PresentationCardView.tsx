import { useEffect, useRef, useState } from "react";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart } from "../shared/artifact-data.js";
import { iconGlyph } from "../shared/icon-glyph.js";
import { notInitializedMessage, sendErrorMessage } from "../shared/send-messages.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import {
  type CardCta,
  type CtaVariant,
  readPresentationCard,
  sentMarkMs,
  themeClasses,
} from "./presentation-card-data.js";

const variants: Record<CtaVariant, string> = {
  primary: "bg-primary-500 text-neutral-950 hover:bg-primary-400",
  secondary: "bg-neutral-800 text-neutral-100 hover:bg-neutral-700",
  outline: "border border-primary-500/60 text-primary-300 hover:bg-primary-500/10",
};

/**
 * The presentation card viewer: title, sections and call-to-action buttons that send their
 * message to the agent, each showing a sent mark for 1.5 s (core spec §2.4).
 */
export function PresentationCardView({ artifact, onSendMessage, streaming }: ArtifactViewProps) {
  const card = readPresentationCard(firstDataPart(artifact));
  const [sending, setSending] = useState<string | null>(null);
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const press = async (cta: CardCta) => {
    if (!onSendMessage) {
      window.alert(notInitializedMessage);
      return;
    }
    setSending(cta.id);
    try {
      await onSendMessage(cta.message);
      setSent((current) => new Set(current).add(cta.id));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setSent((current) => {
          const next = new Set(current);
          next.delete(cta.id);
          return next;
        });
      }, sentMarkMs);
      timers.current.add(timer);
    } catch (error) {
      window.alert(sendErrorMessage(error));
    } finally {
      setSending(null);
    }
  };

  return (
    <ArtifactFrame
      title={artifact.name ?? card?.title ?? "Card"}
      toolName={artifact.metadata.tool_name}
      streaming={streaming}
    >
      {!card ? (
        <ViewerNotice tone="error" title="Invalid presentation card data" />
      ) : (
        <article
          className={`flex flex-col gap-4 rounded-lg border p-5 ${themeClasses(card.theme)}`}
        >
          <header className="flex items-start gap-3">
            {iconGlyph(card.icon) ? (
              <span aria-hidden="true" className="text-2xl">
                {iconGlyph(card.icon)}
              </span>
            ) : null}
            <div>
              <h4 className="text-lg font-semibold text-neutral-50">{card.title}</h4>
              {card.subtitle ? <p className="text-sm text-neutral-300">{card.subtitle}</p> : null}
            </div>
          </header>
          {card.sections.length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {card.sections.map((section, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id
                <li key={i} className="rounded-md bg-neutral-900/50 p-3">
                  <p className="flex items-center gap-2 font-medium text-neutral-100">
                    {iconGlyph(section.icon) ? (
                      <span aria-hidden="true">{iconGlyph(section.icon)}</span>
                    ) : null}
                    {section.heading}
                  </p>
                  {section.content ? (
                    <p className="mt-1 text-sm text-neutral-300">{section.content}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {card.ctas.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {card.ctas.map((cta) => (
                <button
                  key={cta.id}
                  type="button"
                  disabled={sending === cta.id}
                  onClick={() => void press(cta)}
                  className={`inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors duration-150 disabled:opacity-60 ${variants[cta.variant]}`}
                >
                  {iconGlyph(cta.icon) ? (
                    <span aria-hidden="true">{iconGlyph(cta.icon)}</span>
                  ) : null}
                  {cta.label}
                  {sent.has(cta.id) ? (
                    <span role="img" aria-label="Sent">
                      ✓
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
          ) : null}
        </article>
      )}
    </ArtifactFrame>
  );
}
