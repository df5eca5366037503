import { isRecord, type JsonObject } from "../shared/artifact-data.js";
import { type ColumnType, isColumnType } from "../table/table-format.js";

/** Core spec §5: sections missing. */
export const dashboardShapeMessage = "Dashboard data must have sections array";
/** Core spec §2.4: the dashboard cannot be shown. */
export const invalidDashboardMessage = "Invalid dashboard data";
/** Core spec §2.4: a section of a kind we do not know. */
export const unknownSectionMessage = "Unknown section type";
/** Core spec §9: the order of a section without layout.order. */
export const defaultSectionOrder = 999;

/** Section kinds a dashboard shows (core spec §2.4). */
export type SectionType = "metrics_cards" | "chart" | "table" | "list" | "status";

/** Core spec §2.4: what a section with unusable data says, per kind. */
export const invalidSectionMessages: Record<SectionType, string> = {
  metrics_cards: "Invalid metrics cards data",
  chart: "Invalid chart data",
  table: "Invalid table data",
  list: "Invalid list data",
  status: "Invalid status data",
};

/** One dashboard section, not yet checked against its kind. */
export interface DashboardSection {
  id: string;
  type: string;
  title?: string;
  order: number;
  data: unknown;
}

/** A validated dashboard. */
export interface DashboardModel {
  title?: string;
  description?: string;
  layout: "vertical" | "grid";
  sections: DashboardSection[];
}

/** 'grid' (two columns) when the data or hints ask for it, else vertical. */
export function dashboardLayout(data: JsonObject, hints: JsonObject): "vertical" | "grid" {
  for (const value of [data.layout, hints.layout]) {
    const type = isRecord(value) ? value.type : value;
    if (type === "grid") return "grid";
    if (type === "vertical") return "vertical";
  }
  return "vertical";
}

/** Sections in layout order (default 999); equal orders keep their place. */
export function sortSections(sections: readonly DashboardSection[]): DashboardSection[] {
  return sections
    .map((section, index) => ({ section, index }))
    .sort((a, b) => a.section.order - b.section.order || a.index - b.index)
    .map(({ section }) => section);
}

/** Validates dashboard data (core spec §3, §5); sections come back sorted. */
export function readDashboard(
  data: unknown,
  hints: JsonObject = {},
): DashboardModel | { error: string; detail?: string } {
  if (!isRecord(data)) return { error: invalidDashboardMessage };
  if (!Array.isArray(data.sections)) {
    return { error: invalidDashboardMessage, detail: dashboardShapeMessage };
  }
  const seen = new Set<string>();
  const sections = data.sections.filter(isRecord).map((section, index): DashboardSection => {
    const order = isRecord(section.layout) ? section.layout.order : undefined;
    // Ids key the rendered sections, so a missing or repeated one gets its position added.
    let id = typeof section.section_id === "string" ? section.section_id : `section-${index}`;
    if (seen.has(id)) id = `${id}-${index}`;
    seen.add(id);
    const out: DashboardSection = {
      id,
      type: typeof section.section_type === "string" ? section.section_type : "",
      order: typeof order === "number" && Number.isFinite(order) ? order : defaultSectionOrder,
      data: section.data,
    };
    if (typeof section.title === "string" && section.title !== "") out.title = section.title;
    return out;
  });
  const model: DashboardModel = {
    layout: dashboardLayout(data, hints),
    sections: sortSections(sections),
  };
  if (typeof data.title === "string" && data.title !== "") model.title = data.title;
  if (typeof data.description === "string" && data.description !== "") {
    model.description = data.description;
  }
  return model;
}

/** One metric card. */
export interface MetricCard {
  title: string;
  value: string;
  subtitle?: string;
  icon?: string;
  status?: string;
}

const scalar = (value: unknown): value is string | number =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

function optional<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === "string" && value !== "" ? ({ [key]: value } as Record<K, string>) : {};
}

/** Metric cards from {cards: [...]} (or {metrics: [...]}); null when unusable. */
export function readMetricCards(data: unknown): MetricCard[] | null {
  const list = isRecord(data) ? (data.cards ?? data.metrics) : data;
  if (!Array.isArray(list)) return null;
  const cards = list.filter(
    (card): card is JsonObject =>
      isRecord(card) && typeof card.title === "string" && scalar(card.value),
  );
  if (cards.length !== list.length) return null;
  return cards.map((card) => ({
    title: card.title as string,
    value: String(card.value),
    ...optional("subtitle", card.subtitle),
    ...optional("icon", card.icon),
    ...optional("status", card.status),
  }));
}

/** A dashboard table: columns with their cell types, and rows. */
export interface DashboardTable {
  columns: string[];
  columnTypes: Record<string, ColumnType>;
  rows: JsonObject[];
}

/** A table from {columns: [{name, type}], rows: [...]}; null when unusable. */
export function readDashboardTable(data: unknown): DashboardTable | null {
  if (!isRecord(data)) return null;
  const rows = data.rows ?? data.items;
  if (!Array.isArray(rows) || !rows.every(isRecord)) return null;
  const columnTypes: Record<string, ColumnType> = {};
  const columns: string[] = [];
  if (Array.isArray(data.columns)) {
    for (const column of data.columns) {
      const name = typeof column === "string" ? column : isRecord(column) ? column.name : undefined;
      if (typeof name !== "string") return null;
      columns.push(name);
      if (isRecord(column) && isColumnType(column.type)) columnTypes[name] = column.type;
    }
  } else {
    for (const row of rows)
      for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  }
  return { columns, columnTypes, rows };
}

/** One list item. */
export interface ListItem {
  text: string;
  icon?: string;
  status?: string;
}

/** List items from {items: [...]} (strings or {text, icon, status}); null when unusable. */
export function readListItems(data: unknown): ListItem[] | null {
  const list = isRecord(data) ? data.items : undefined;
  if (!Array.isArray(list)) return null;
  const items: ListItem[] = [];
  for (const item of list) {
    if (typeof item === "string") items.push({ text: item });
    else if (isRecord(item) && typeof item.text === "string") {
      items.push({
        text: item.text,
        ...optional("icon", item.icon),
        ...optional("status", item.status),
      });
    } else return null;
  }
  return items;
}

/** One status indicator. */
export interface StatusIndicator {
  label: string;
  message?: string;
  status: string;
}

/** Status indicators from {indicators: [...]}; null when unusable. */
export function readStatusIndicators(data: unknown): StatusIndicator[] | null {
  const list = isRecord(data) ? data.indicators : undefined;
  if (!Array.isArray(list)) return null;
  const out: StatusIndicator[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.label !== "string") return null;
    out.push({
      label: item.label,
      status: typeof item.status === "string" ? item.status : "unknown",
      ...optional("message", item.message),
    });
  }
  return out;
}
