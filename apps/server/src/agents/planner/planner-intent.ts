import { orderStatuses, regions } from "../../mcp/servers/analytics/dataset.js";
import { configSections } from "../../mcp/servers/product/config-summary.js";

export type ChartType = "bar" | "line" | "area" | "pie";

/** What the planner understood a user message to ask for. */
export type PlannerIntent =
  | { kind: "greeting" }
  | { kind: "help" }
  | { kind: "ask-me" }
  /** Connect an account or sign in to a service: the task waits in auth-required. */
  | { kind: "authorize"; service: string }
  | { kind: "table"; topic: string }
  /** The sample orders (query_orders), filtered by what the message names. */
  | { kind: "orders"; region?: string; status?: string }
  | { kind: "chart"; topic: string; chartType: ChartType }
  /** Sales of the sample business (sales_chart). */
  | {
      kind: "sales-chart";
      topic: string;
      chartType: ChartType;
      groupBy: "month" | "region" | "product";
      metric: "revenue" | "orders";
    }
  | { kind: "dashboard" }
  | { kind: "form" }
  /** `named` is false when the message named no language (typescript is then assumed). */
  | { kind: "code"; language: string; named: boolean }
  | { kind: "tree" }
  | { kind: "docs"; query: string }
  | { kind: "card" }
  | { kind: "release-notes" }
  | { kind: "config"; section?: string }
  | { kind: "report" }
  | { kind: "clarify"; about: "table" | "chart" }
  | { kind: "unknown" };

const languages: Record<string, string> = {
  typescript: "typescript",
  ts: "typescript",
  javascript: "javascript",
  js: "javascript",
  python: "python",
  go: "go",
  golang: "go",
  rust: "rust",
  java: "java",
  sql: "sql",
  bash: "bash",
  shell: "bash",
  ruby: "ruby",
};

/** The topic after "table of …", "chart about …", without trailing punctuation; "" when none. */
function topicAfter(text: string, noun: RegExp): string {
  const match = new RegExp(
    `\\b${noun.source}\\s+(?:of|about|for|on|showing|with)\\s+(.+)$`,
    "i",
  ).exec(text);
  return (match?.[1] ?? "").replace(/[.?!]+$/, "").trim();
}

function codeLanguage(lower: string): { language: string; named: boolean } {
  const named = /\b(?:in|using|with)\s+([a-z+#]+)/.exec(lower)?.[1];
  if (named && languages[named]) return { language: languages[named], named: true };
  for (const word of lower.split(/[^a-z+#]+/)) {
    const language = languages[word];
    if (language) return { language, named: true };
  }
  return { language: "typescript", named: false };
}

/** The region a message names, by id ("north-america") or label ("North America"). */
function namedRegion(lower: string): string | undefined {
  const flat = lower.replace(/[-&]/g, " ").replace(/\s+/g, " ");
  return regions.find((r) => {
    const id = r.id.replace(/-/g, " ");
    const label = r.label.toLowerCase().replace(/&/g, " ").replace(/\s+/g, " ");
    return flat.includes(id) || flat.includes(label);
  })?.id;
}

function orderFilters(lower: string): { region?: string; status?: string } {
  const region = namedRegion(lower);
  const status = orderStatuses.find((s) => new RegExp(`\\b${s}\\b`).test(lower));
  return { ...(region ? { region } : {}), ...(status ? { status } : {}) };
}

function chartType(lower: string): ChartType {
  if (/\bline\b/.test(lower)) return "line";
  if (/\bpie\b/.test(lower)) return "pie";
  if (/\barea\b/.test(lower)) return "area";
  return "bar";
}

const salesWords = /\b(sales|revenue|orders?)\b/;

/** The service "sign in to github" or "connect my github account" names; "your account" if none. */
function serviceNamed(text: string): string {
  const named =
    /\b(?:sign|log) ?in(?:to)?\s+(?:to|with|into|on)?\s*(.+)$/i.exec(text)?.[1] ??
    /\bauthori[sz]e\s+(.+)$/i.exec(text)?.[1] ??
    /\b(?:connect|link)\s+(?:my|the)?\s*(.+?)\s+account\b/i.exec(text)?.[1];
  const service = (named ?? "").replace(/[.?!]+$/, "").trim();
  return /^(?:(?:my|your|the)\s*)?(?:account)?$/i.test(service) ? "your account" : service;
}

/** Reads a user message; pure, so the same words always get the same answer. */
export function plannerIntent(text: string): PlannerIntent {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (/^\/?(help|what can you do\??|commands)$/.test(lower)) return { kind: "help" };
  if (/\bask me\b/.test(lower)) return { kind: "ask-me" };
  if (
    /\b(?:connect|link)\b.*\baccount\b|\b(?:sign|log) ?in(?:to)?\b|\bauthori[sz]e\b/.test(lower)
  ) {
    return { kind: "authorize", service: serviceNamed(trimmed) };
  }
  const docs =
    /\b(?:search (?:the )?(?:docs|documentation)(?: (?:for|about|on))?|(?:docs|documentation) (?:about|on|for))\s+(.+)$/i.exec(
      trimmed,
    );
  const query = (docs?.[1] ?? "").replace(/[.?!]+$/, "").trim();
  if (query.length >= 2) return { kind: "docs", query };
  if (/\bdashboard\b|\bmetrics\b/.test(lower)) return { kind: "dashboard" };
  if (/\brelease notes?\b|\bchangelog\b/.test(lower)) return { kind: "release-notes" };
  if (/\b(chart|graph|plot)\b/.test(lower)) {
    const topic = topicAfter(trimmed, /(?:chart|graph|plot)/);
    if (!topic) return { kind: "clarify", about: "chart" };
    const type = chartType(lower);
    const subject = salesWords.exec(topic.toLowerCase())?.[1];
    if (!subject) return { kind: "chart", topic, chartType: type };
    const groupBy = /\bby region/.test(lower)
      ? "region"
      : /\bby product/.test(lower)
        ? "product"
        : "month";
    const metric = subject.startsWith("order") ? "orders" : "revenue";
    return { kind: "sales-chart", topic, chartType: type, groupBy, metric };
  }
  if (/\btable\b/.test(lower)) {
    const topic = topicAfter(trimmed, /table/);
    if (!topic) return { kind: "clarify", about: "table" };
    if (/\borders?\b/.test(topic.toLowerCase())) return { kind: "orders", ...orderFilters(lower) };
    return { kind: "table", topic };
  }
  if (/\borders\b/.test(lower)) return { kind: "orders", ...orderFilters(lower) };
  if (/\b(form|feedback)\b/.test(lower)) return { kind: "form" };
  if (/\b(code|snippet)\b/.test(lower)) return { kind: "code", ...codeLanguage(lower) };
  if (/\btree\b|\bdocs structure\b|\bstructure of the docs\b/.test(lower)) return { kind: "tree" };
  if (/\b(config|configuration|json)\b/.test(lower)) {
    const section = configSections.find((s) => new RegExp(`\\b${s.toLowerCase()}\\b`).test(lower));
    return section ? { kind: "config", section } : { kind: "config" };
  }
  if (/\breport\b/.test(lower)) return { kind: "report" };
  if (/\b(card|welcome)\b/.test(lower)) return { kind: "card" };
  if (/^(hi|hello|hey|hallo|howdy|greetings|good (morning|afternoon|evening))\b/.test(lower)) {
    return { kind: "greeting" };
  }
  return { kind: "unknown" };
}
