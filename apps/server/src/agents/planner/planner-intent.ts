import { orderStatuses, regions } from "../../mcp/servers/analytics/dataset.js";
import { configSections } from "../../mcp/servers/product/config-summary.js";
import {
  hasWord,
  indexOfPhrase,
  indexOfWord,
  readablePart,
  restOfLine,
  splitWords,
  type Word,
} from "./words.js";

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
  /** The website's traffic over the last `days` days (site_traffic, admins only). */
  | { kind: "traffic"; days: number }
  | { kind: "form" }
  /** The message a chat form sends when submitted ('Submitted form "{title}": ...'). */
  | { kind: "form-submitted"; title: string }
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

const salesWords = ["sales", "revenue", "order", "orders"];

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

const prepositions = ["of", "about", "for", "on", "showing", "with"];

/** Words after a leading noun that ask politely rather than name a topic ("chart please"). */
const courtesies = ["please", "pls", "now", "thanks"];

/**
 * The topic after "table of …", "chart about …", or of a message that starts with the noun as a
 * verb ("Chart revenue by month"); "" when the noun is not followed by one.
 */
function topicAfter(text: string, words: readonly Word[], nouns: readonly string[]): string {
  for (let i = indexOfWord(words, nouns); i >= 0; i = indexOfWord(words, nouns, i + 1)) {
    const next = words[i + 2];
    if (prepositions.includes(words[i + 1]?.text ?? "") && next) {
      return restOfLine(text, next.start);
    }
    const object = words[i + 1];
    const asksPolitely = object && courtesies.includes(object.text) && !words[i + 2];
    if (i === 0 && object && !prepositions.includes(object.text) && !asksPolitely) {
      return restOfLine(text, object.start);
    }
  }
  return "";
}

const submittedFormPrefix = 'Submitted form "';

/** The title of a submitted chat form's message, or undefined when the text is not one. */
function submittedFormTitle(text: string): string | undefined {
  if (!text.startsWith(submittedFormPrefix)) return undefined;
  const end = text.indexOf('"', submittedFormPrefix.length);
  return end < 0 ? undefined : text.slice(submittedFormPrefix.length, end);
}

function codeLanguage(words: readonly Word[]): { language: string; named: boolean } {
  const after = indexOfWord(words, ["in", "using", "with"]);
  const named = after >= 0 ? languages[words[after + 1]?.text ?? ""] : undefined;
  if (named) return { language: named, named: true };
  for (const word of words) {
    const language = languages[word.text];
    if (language) return { language, named: true };
  }
  return { language: "typescript", named: false };
}

/** The region a message names, by id ("north-america") or label ("North America"). */
function namedRegion(words: readonly Word[]): string | undefined {
  const flat = ` ${words.map((w) => w.text).join(" ")} `;
  return regions.find((r) => {
    const id = ` ${r.id.replace(/-/g, " ")} `;
    const label = ` ${splitWords(r.label)
      .map((w) => w.text)
      .join(" ")} `;
    return flat.includes(id) || flat.includes(label);
  })?.id;
}

function orderFilters(words: readonly Word[]): { region?: string; status?: string } {
  const region = namedRegion(words);
  const status = orderStatuses.find((s) => hasWord(words, s));
  return { ...(region ? { region } : {}), ...(status ? { status } : {}) };
}

function chartType(words: readonly Word[]): ChartType {
  if (hasWord(words, "line")) return "line";
  if (hasWord(words, "pie")) return "pie";
  if (hasWord(words, "area")) return "area";
  return "bar";
}

/** "by region", "by regions", "by product"... */
function groupedBy(words: readonly Word[], noun: string): boolean {
  for (let i = indexOfWord(words, ["by"]); i >= 0; i = indexOfWord(words, ["by"], i + 1)) {
    if (words[i + 1]?.text.startsWith(noun)) return true;
  }
  return false;
}

const signIn: readonly (readonly (readonly string[])[])[] = [
  [
    ["sign", "log"],
    ["in", "into"],
  ],
  [["signin", "login", "signinto", "loginto"]],
];
const authorizeWords = ["authorize", "authorise"];
const connectWords = ["connect", "link"];

/** Index just past a "sign in" / "log into" phrase, or -1. */
function afterSignIn(words: readonly Word[]): number {
  let best = -1;
  let length = 0;
  for (const phrase of signIn) {
    const at = indexOfPhrase(words, phrase);
    if (at >= 0 && (best < 0 || at < best)) {
      best = at;
      length = phrase.length;
    }
  }
  return best < 0 ? -1 : best + length;
}

function wantsAuthorization(words: readonly Word[]): boolean {
  const connect = indexOfWord(words, connectWords);
  return (
    (connect >= 0 && indexOfWord(words, ["account"], connect + 1) >= 0) ||
    afterSignIn(words) >= 0 ||
    hasWord(words, ...authorizeWords)
  );
}

/** "my account", "the", "" and the like name no service. */
function namesNoService(service: string): boolean {
  const words = splitWords(service);
  if (words.map((w) => w.text).join(" ") !== service.toLowerCase()) return false;
  const [first, second] = words.map((w) => w.text);
  if (words.length === 0) return true;
  if (words.length === 1) return ["my", "your", "the", "account"].includes(first ?? "");
  return words.length === 2 && ["my", "your", "the"].includes(first ?? "") && second === "account";
}

/** The service "sign in to github" or "connect my github account" names; "your account" if none. */
function serviceNamed(text: string, words: readonly Word[]): string {
  let service: string | undefined;
  const signedIn = afterSignIn(words);
  if (signedIn >= 0 && words[signedIn]) {
    const skip = ["to", "with", "into", "on"].includes(words[signedIn]?.text ?? "") ? 1 : 0;
    const first = words[signedIn + skip] ?? words[signedIn];
    service = first ? restOfLine(text, first.start) : undefined;
  }
  const authorize = indexOfWord(words, authorizeWords);
  if (service === undefined && authorize >= 0 && words[authorize + 1]) {
    service = restOfLine(text, words[authorize + 1]?.start ?? text.length);
  }
  const connect = indexOfWord(words, connectWords);
  if (service === undefined && connect >= 0) {
    const skip = ["my", "the"].includes(words[connect + 1]?.text ?? "") ? 1 : 0;
    const account = indexOfWord(words, ["account"], connect + 1 + skip);
    const first = words[connect + 1 + skip];
    if (account > connect + skip && first) {
      service = text.slice(first.start, words[account]?.start).trim();
    }
  }
  const named = (service ?? "").trim();
  return namesNoService(named) ? "your account" : restOfLine(named, 0);
}

/** The query of "search the docs for …" or "docs about …"; "" when the message is neither. */
function docsQuery(text: string, words: readonly Word[]): string {
  const docs = ["docs", "documentation"];
  for (let i = 0; i < words.length; i++) {
    let next = -1;
    if (words[i]?.text === "search") {
      let k = i + 1;
      if (words[k]?.text === "the") k++;
      if (docs.includes(words[k]?.text ?? "")) {
        k++;
        if (["for", "about", "on"].includes(words[k]?.text ?? "")) k++;
        next = k;
      }
    } else if (docs.includes(words[i]?.text ?? "")) {
      if (["about", "on", "for"].includes(words[i + 1]?.text ?? "")) next = i + 2;
    }
    const first = next >= 0 ? words[next] : undefined;
    if (first) return restOfLine(text, first.start);
  }
  return "";
}

/** The period a traffic request names: today, this week (the default), month or quarter. */
function trafficDays(words: readonly Word[]): number {
  if (hasWord(words, "today")) return 1;
  if (hasWord(words, "quarter")) return 90;
  if (hasWord(words, "month")) return 30;
  return 7;
}

const helpCommands = ["help", "what can you do", "what can you do?", "commands"];
const greetings = ["hi", "hello", "hey", "hallo", "howdy", "greetings"];

function isGreeting(words: readonly Word[]): boolean {
  const [first, second] = words;
  if (first?.start !== 0) return false;
  if (greetings.includes(first.text)) return true;
  return first.text === "good" && ["morning", "afternoon", "evening"].includes(second?.text ?? "");
}

/**
 * Reads a user message; pure, so the same words always get the same answer. Linear in the
 * message's length: its first `maxScan` characters and `maxWords` words are read, and no
 * pattern runs over the text.
 */
export function plannerIntent(text: string): PlannerIntent {
  const trimmed = readablePart(text).trim();
  const formTitle = submittedFormTitle(trimmed);
  if (formTitle !== undefined) return { kind: "form-submitted", title: formTitle };
  const command = trimmed.length <= 20 ? trimmed.toLowerCase() : "";
  if (helpCommands.includes(command.startsWith("/") ? command.slice(1) : command)) {
    return { kind: "help" };
  }
  const words = splitWords(trimmed);
  if (indexOfPhrase(words, [["ask"], ["me"]]) >= 0) return { kind: "ask-me" };
  if (wantsAuthorization(words)) {
    return { kind: "authorize", service: serviceNamed(trimmed, words) };
  }
  const query = docsQuery(trimmed, words);
  if (query.length >= 2) return { kind: "docs", query };
  if (hasWord(words, "traffic") || indexOfPhrase(words, [["page"], ["views"]]) >= 0) {
    return { kind: "traffic", days: trafficDays(words) };
  }
  if (hasWord(words, "dashboard", "metrics")) return { kind: "dashboard" };
  if (indexOfPhrase(words, [["release"], ["note", "notes"]]) >= 0 || hasWord(words, "changelog")) {
    return { kind: "release-notes" };
  }
  if (hasWord(words, "chart", "graph", "plot")) {
    const topic = topicAfter(trimmed, words, ["chart", "graph", "plot"]);
    if (!topic) return { kind: "clarify", about: "chart" };
    const type = chartType(words);
    const topicWords = splitWords(topic);
    const subject = topicWords.find((w) => salesWords.includes(w.text))?.text;
    if (!subject) return { kind: "chart", topic, chartType: type };
    const groupBy = groupedBy(words, "region")
      ? "region"
      : groupedBy(words, "product")
        ? "product"
        : "month";
    const metric = subject.startsWith("order") ? "orders" : "revenue";
    return { kind: "sales-chart", topic, chartType: type, groupBy, metric };
  }
  if (hasWord(words, "table")) {
    const topic = topicAfter(trimmed, words, ["table"]);
    if (!topic) return { kind: "clarify", about: "table" };
    if (hasWord(splitWords(topic), "order", "orders")) {
      return { kind: "orders", ...orderFilters(words) };
    }
    return { kind: "table", topic };
  }
  if (hasWord(words, "orders")) return { kind: "orders", ...orderFilters(words) };
  if (hasWord(words, "form", "feedback")) return { kind: "form" };
  if (hasWord(words, "code", "snippet")) return { kind: "code", ...codeLanguage(words) };
  if (
    hasWord(words, "tree") ||
    indexOfPhrase(words, [["docs"], ["structure"]]) >= 0 ||
    indexOfPhrase(words, [["structure"], ["of"], ["the"], ["docs"]]) >= 0
  ) {
    return { kind: "tree" };
  }
  if (hasWord(words, "config", "configuration", "json")) {
    const section = configSections.find((s) => hasWord(words, s.toLowerCase()));
    return section ? { kind: "config", section } : { kind: "config" };
  }
  if (hasWord(words, "report")) return { kind: "report" };
  if (hasWord(words, "card", "welcome")) return { kind: "card" };
  if (isGreeting(words)) return { kind: "greeting" };
  return { kind: "unknown" };
}
