import { badgeClasses, badgeTone } from "../shared/badge-color.js";
import { iconGlyph } from "../shared/icon-glyph.js";
import type { ListItem, MetricCard, StatusIndicator } from "./dashboard-data.js";

const dotColors = {
  blue: "bg-blue-400",
  green: "bg-green-400",
  gray: "bg-neutral-500",
  yellow: "bg-yellow-400",
  red: "bg-red-400",
} as const;

function StatusDot({ status }: { status: string | undefined }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-2 w-2 shrink-0 rounded-full ${dotColors[badgeTone(status)]}`}
    />
  );
}

/** Metric cards: title, big value, subtitle, icon and a status colour. */
export function MetricsCards({ cards }: { cards: readonly MetricCard[] }) {
  return (
    <ul className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3">
      {cards.map((card, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id and titles may repeat
        <li key={i} className="rounded-md border border-border bg-surface p-3">
          <p className="flex items-center gap-2 text-xs text-neutral-400">
            {iconGlyph(card.icon) ? <span aria-hidden="true">{iconGlyph(card.icon)}</span> : null}
            {card.title}
            {card.status ? <StatusDot status={card.status} /> : null}
          </p>
          <p className="mt-1 text-xl font-semibold text-neutral-100">{card.value}</p>
          {card.subtitle ? <p className="text-xs text-neutral-500">{card.subtitle}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** A list of items with icons and status badges. */
export function ItemList({ items }: { items: readonly ListItem[] }) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and may repeat
        <li key={i} className="flex items-center gap-2 py-1.5 text-sm text-neutral-200">
          {iconGlyph(item.icon) ? <span aria-hidden="true">{iconGlyph(item.icon)}</span> : null}
          <span className="flex-1">{item.text}</span>
          {item.status ? (
            <span
              className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${badgeClasses(item.status)}`}
            >
              {item.status}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Status indicators: a coloured dot, the label, the message and the status. */
export function StatusIndicators({ indicators }: { indicators: readonly StatusIndicator[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {indicators.map((indicator, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: indicators have no id and may repeat
        <li key={i} className="flex items-center gap-2 text-sm">
          <StatusDot status={indicator.status} />
          <span className="font-medium text-neutral-100">{indicator.label}</span>
          {indicator.message ? <span className="text-neutral-400">{indicator.message}</span> : null}
          <span className="ml-auto text-xs text-neutral-500">{indicator.status}</span>
        </li>
      ))}
    </ul>
  );
}
