/** What the planner understood a user message to ask for. */
export type PlannerIntent =
  | { kind: "greeting" }
  | { kind: "help" }
  | { kind: "ask-me" }
  | { kind: "table"; topic: string }
  | { kind: "chart"; topic: string; chartType: "bar" | "line" | "pie" }
  | { kind: "dashboard" }
  | { kind: "form" }
  | { kind: "code"; language: string }
  | { kind: "tree" }
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

function codeLanguage(lower: string): string {
  const named = /\b(?:in|using|with)\s+([a-z+#]+)/.exec(lower)?.[1];
  if (named && languages[named]) return languages[named];
  for (const word of lower.split(/[^a-z+#]+/)) {
    if (languages[word]) return languages[word];
  }
  return "typescript";
}

/** Reads a user message; pure, so the same words always get the same answer. */
export function plannerIntent(text: string): PlannerIntent {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (/^\/?(help|what can you do\??|commands)$/.test(lower)) return { kind: "help" };
  if (/\bask me\b/.test(lower)) return { kind: "ask-me" };
  if (/\bdashboard\b/.test(lower)) return { kind: "dashboard" };
  if (/\b(chart|graph|plot)\b/.test(lower)) {
    const topic = topicAfter(trimmed, /(?:chart|graph|plot)/);
    if (!topic) return { kind: "clarify", about: "chart" };
    const chartType = /\bline\b/.test(lower) ? "line" : /\bpie\b/.test(lower) ? "pie" : "bar";
    return { kind: "chart", topic, chartType };
  }
  if (/\btable\b/.test(lower)) {
    const topic = topicAfter(trimmed, /table/);
    return topic ? { kind: "table", topic } : { kind: "clarify", about: "table" };
  }
  if (/\bform\b/.test(lower)) return { kind: "form" };
  if (/\b(code|snippet)\b/.test(lower)) return { kind: "code", language: codeLanguage(lower) };
  if (/\btree\b/.test(lower)) return { kind: "tree" };
  if (/^(hi|hello|hey|hallo|howdy|greetings|good (morning|afternoon|evening))\b/.test(lower)) {
    return { kind: "greeting" };
  }
  return { kind: "unknown" };
}
