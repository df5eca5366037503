import type { RunnerArtifact } from "../model-runner.js";
import type { ChartType } from "./planner-intent.js";

/** A stable number in [min, max] derived from text, so sample data is reproducible. */
export function sampleNumber(seed: string, min: number, max: number): number {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return min + ((hash >>> 0) % (max - min + 1));
}

const knownRows: Record<string, Record<string, unknown>[]> = {
  planets: [
    { name: "Mercury", type: "Terrestrial", moons: 0, distance_au: 0.39 },
    { name: "Venus", type: "Terrestrial", moons: 0, distance_au: 0.72 },
    { name: "Earth", type: "Terrestrial", moons: 1, distance_au: 1 },
    { name: "Mars", type: "Terrestrial", moons: 2, distance_au: 1.52 },
    { name: "Jupiter", type: "Gas giant", moons: 95, distance_au: 5.2 },
    { name: "Saturn", type: "Gas giant", moons: 146, distance_au: 9.54 },
  ],
  "programming languages": [
    { name: "TypeScript", paradigm: "Multi-paradigm", first_released: 2012, typing: "Static" },
    { name: "Python", paradigm: "Multi-paradigm", first_released: 1991, typing: "Dynamic" },
    { name: "Go", paradigm: "Concurrent", first_released: 2009, typing: "Static" },
    { name: "Rust", paradigm: "Multi-paradigm", first_released: 2015, typing: "Static" },
    { name: "Java", paradigm: "Object-oriented", first_released: 1995, typing: "Static" },
  ],
  fruits: [
    { name: "Apple", color: "Red", calories_per_100g: 52 },
    { name: "Banana", color: "Yellow", calories_per_100g: 89 },
    { name: "Orange", color: "Orange", calories_per_100g: 47 },
    { name: "Grape", color: "Purple", calories_per_100g: 69 },
    { name: "Kiwi", color: "Green", calories_per_100g: 61 },
  ],
};

function titleCase(text: string): string {
  return text.replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Sample rows about a topic: real ones for a few known topics, made-up labelled ones otherwise. */
export function sampleRows(topic: string): Record<string, unknown>[] {
  const key = topic.toLowerCase().replace(/^the\s+/, "");
  const known = knownRows[key] ?? knownRows[`${key}s`];
  if (known) return known;
  const singular = titleCase(key.replace(/s$/, ""));
  return ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"].map((label, index) => ({
    id: index + 1,
    name: `${singular} ${label}`,
    value: sampleNumber(`${key}:${label}`, 10, 99),
    status: index % 2 === 0 ? "active" : "pending",
  }));
}

export function tableArtifact(topic: string): RunnerArtifact {
  const items = sampleRows(topic);
  const columns = Object.keys(items[0] ?? {});
  return {
    name: `Table of ${topic}`,
    description: `Sample data about ${topic}`,
    artifactType: "table",
    data: { items },
    renderingHints: { columns, page_size: 10, sortable_columns: columns, filterable: true },
    fingerprint: `planner:table:${topic.toLowerCase()}`,
  };
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"];

export function chartArtifact(topic: string, chartType: ChartType): RunnerArtifact {
  const data = months.map((month) => sampleNumber(`${topic.toLowerCase()}:${month}`, 10, 100));
  return {
    name: `Chart of ${topic}`,
    description: `Sample monthly figures for ${topic}`,
    artifactType: "chart",
    data: { labels: months, datasets: [{ label: titleCase(topic), data, color: "#3b82f6" }] },
    renderingHints: { chart_type: chartType, title: `${titleCase(topic)} by month` },
    fingerprint: `planner:chart:${topic.toLowerCase()}`,
  };
}

export function dashboardArtifact(): RunnerArtifact {
  const section = (order: number, id: string, type: string, title: string, data: unknown) => ({
    section_id: id,
    section_type: type,
    title,
    layout: { order },
    data,
  });
  return {
    name: "Sample dashboard",
    description: "A dashboard with every kind of section",
    artifactType: "dashboard",
    data: {
      title: "Service overview",
      description: "Sample figures from the built-in planner",
      sections: [
        section(1, "metrics", "metrics_cards", "Key metrics", {
          cards: [
            {
              title: "Requests",
              value: "12,480",
              subtitle: "last 24 h",
              icon: "activity",
              status: "success",
            },
            {
              title: "Errors",
              value: "0.4%",
              subtitle: "last 24 h",
              icon: "alert",
              status: "warning",
            },
            {
              title: "Latency p95",
              value: "182 ms",
              subtitle: "last 24 h",
              icon: "clock",
              status: "success",
            },
          ],
        }),
        section(2, "traffic", "chart", "Traffic", {
          labels: months,
          datasets: [
            { label: "Requests (k)", data: [8, 9, 11, 10, 12, 13], color: "#3b82f6" },
            { label: "Errors", data: [5, 4, 6, 3, 4, 2], color: "#ef4444" },
          ],
        }),
        section(3, "endpoints", "table", "Busiest endpoints", {
          columns: [
            { name: "endpoint", type: "string" },
            { name: "requests", type: "number" },
          ],
          rows: [
            { endpoint: "/api/v1/agents", requests: 5210 },
            { endpoint: "/api/v1/core/tasks", requests: 3120 },
            { endpoint: "/api/v1/stream/contexts", requests: 2150 },
          ],
        }),
        section(4, "events", "list", "Recent events", {
          items: [
            { text: "Deployed version 1.4.2", icon: "rocket", status: "success" },
            { text: "Cache hit rate dropped below 80%", icon: "alert", status: "warning" },
          ],
        }),
        section(5, "health", "status", "Health", {
          indicators: [
            { label: "API", message: "Operational", status: "success" },
            { label: "Database", message: "Operational", status: "success" },
            { label: "Model provider", message: "Not configured", status: "warning" },
          ],
        }),
      ],
    },
    fingerprint: "planner:dashboard",
  };
}

export function formArtifact(): RunnerArtifact {
  return {
    name: "Contact form",
    description: "A sample form",
    artifactType: "form",
    data: { title: "Contact us", description: "Tell us how we can help." },
    renderingHints: {
      fields: [
        { name: "name", label: "Name", type: "text", required: true, placeholder: "Ada Lovelace" },
        {
          name: "email",
          label: "Email",
          type: "email",
          required: true,
          placeholder: "ada@example.com",
        },
        {
          name: "topic",
          label: "Topic",
          type: "select",
          required: false,
          default: "question",
          options: ["question", "feedback", "bug"],
        },
        {
          name: "message",
          label: "Message",
          type: "textarea",
          required: true,
          help_text: "A few sentences are enough.",
        },
      ],
      layout: "vertical",
      submit_action: "Send",
      submit_method: "message",
    },
    fingerprint: "planner:form",
  };
}

const codeSamples: Record<string, string> = {
  typescript:
    "export function fibonacci(n: number): number[] {\n  const seq = [0, 1];\n  while (seq.length < n) seq.push(seq[seq.length - 1] + seq[seq.length - 2]);\n  return seq.slice(0, n);\n}\n",
  javascript:
    "export function fibonacci(n) {\n  const seq = [0, 1];\n  while (seq.length < n) seq.push(seq[seq.length - 1] + seq[seq.length - 2]);\n  return seq.slice(0, n);\n}\n",
  python:
    "def fibonacci(n: int) -> list[int]:\n    seq = [0, 1]\n    while len(seq) < n:\n        seq.append(seq[-1] + seq[-2])\n    return seq[:n]\n",
  go: "func Fibonacci(n int) []int {\n\tseq := []int{0, 1}\n\tfor len(seq) < n {\n\t\tseq = append(seq, seq[len(seq)-1]+seq[len(seq)-2])\n\t}\n\treturn seq[:n]\n}\n",
  rust: "pub fn fibonacci(n: usize) -> Vec<u64> {\n    let mut seq = vec![0, 1];\n    while seq.len() < n {\n        let next = seq[seq.len() - 1] + seq[seq.len() - 2];\n        seq.push(next);\n    }\n    seq.truncate(n);\n    seq\n}\n",
  java: "static List<Integer> fibonacci(int n) {\n    List<Integer> seq = new ArrayList<>(List.of(0, 1));\n    while (seq.size() < n) seq.add(seq.get(seq.size() - 1) + seq.get(seq.size() - 2));\n    return seq.subList(0, n);\n}\n",
  sql: "WITH RECURSIVE fib(a, b, n) AS (\n  SELECT 0, 1, 1\n  UNION ALL SELECT b, a + b, n + 1 FROM fib WHERE n < 10\n)\nSELECT a FROM fib;\n",
  bash: 'a=0; b=1\nfor _ in $(seq 10); do\n  echo "$a"\n  read -r a b <<< "$b $((a + b))"\ndone\n',
  ruby: "def fibonacci(n)\n  seq = [0, 1]\n  seq << seq[-1] + seq[-2] while seq.size < n\n  seq.first(n)\nend\n",
};

export function codeArtifact(language: string): RunnerArtifact {
  const code = codeSamples[language] ?? codeSamples.typescript ?? "";
  const lang = codeSamples[language] ? language : "typescript";
  return {
    name: `Fibonacci in ${lang}`,
    description: "The first n Fibonacci numbers",
    artifactType: "code",
    data: { code, language: lang },
    renderingHints: { language: lang, line_numbers: true },
    fingerprint: `planner:code:${lang}`,
  };
}

export function treeArtifact(): RunnerArtifact {
  return {
    name: "Project tree",
    description: "A sample project structure",
    artifactType: "tree",
    data: {
      name: "a2a-chat",
      children: [
        {
          name: "apps",
          children: [
            {
              name: "server",
              status: "active",
              children: [{ name: "src" }, { name: "package.json" }],
            },
            {
              name: "web",
              status: "active",
              children: [{ name: "src" }, { name: "package.json" }],
            },
          ],
        },
        { name: "packages", children: [{ name: "contracts", children: [{ name: "src" }] }] },
        { name: "docs", children: [{ name: "agents.md" }] },
      ],
    },
    renderingHints: { default_expanded_levels: 2, show_icons: true },
    fingerprint: "planner:tree",
  };
}
