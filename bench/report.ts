import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const docsDir = fileURLToPath(new URL("../docs/", import.meta.url));
/** The results page: one table per benchmark, the latest figures against their targets. */
const resultsPath = `${docsDir}benchmarks.md`;
/** A benchmark's notes page: how it measures, its full latest record and the work behind it. */
const notesPath = (id: string) => `${docsDir}benchmarks/notes/${id}.md`;

/** Median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One line describing the machine the numbers come from. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${cpus().length} cores (${cpu}), ${gib} GiB RAM, Node ${process.version}, ${process.platform}`;
}

/** One row of a benchmark's results table: its latest figure against its target. */
export interface Result {
  measure: string;
  latest: string;
  /** The goal; none for a figure kept for reference. */
  target?: string;
  /** Whether the latest figure meets the target (only with a target). */
  met?: boolean;
}

/** Replaces (or appends) the block between `<!-- bench:id -->` markers in a markdown file. */
function replaceBlock(path: string, id: string, markdown: string, fresh: string): void {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(path) ? readFileSync(path, "utf8") : fresh;
  // A marker counts only on a line of its own (prose may name it).
  const lineAt = (marker: string, after = 0) => {
    for (let at = current.indexOf(marker, after); at >= 0; at = current.indexOf(marker, at + 1)) {
      const own =
        (at === 0 || current[at - 1] === "\n") &&
        /^\r?(\n|$)/.test(current.slice(at + marker.length, at + marker.length + 2));
      if (own) return at;
    }
    return -1;
  };
  const from = lineAt(start);
  const to = from >= 0 ? lineAt(end, from) : -1;
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
}

/** The results page's table for one benchmark (its title is the section's first `## ` heading). */
export function resultsTable(id: string, title: string, results: Result[], date: string): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = results.map((r) => {
    const met = r.met === undefined ? "–" : r.met ? "yes" : "**no**";
    return `| ${cell(r.measure)} | ${cell(r.latest)} | ${cell(r.target ?? "–")} | ${met} |`;
  });
  return [
    `## ${title}`,
    "",
    "| measure | latest | target | met |",
    "|---|---|---|---|",
    ...rows,
    "",
    `${machineLine()}; measured ${date}. [How and notes](benchmarks/notes/${id}.md).`,
  ].join("\n");
}

/**
 * Records a run: its results table on the results page (docs/benchmarks.md) and its full section
 * (method and every figure) on its notes page (docs/benchmarks/notes/<id>.md), each between
 * `<!-- bench:id -->` markers, so the rest of both pages stays as written.
 */
export function writeSection(id: string, markdown: string, results: Result[]): void {
  const title = /^## (.+)$/m.exec(markdown)?.[1] ?? id;
  const date = new Date().toISOString().slice(0, 10);
  const notesFront = `---\ntitle: ${id} notes\ndescription: How this benchmark measures, and its full latest record.\nauthor: A2A Chat team\ndate: ${date}\n---\n\n# ${title}: notes\n`;
  replaceBlock(notesPath(id), id, markdown, notesFront);
  replaceBlock(resultsPath, id, resultsTable(id, title, results, date), "# Benchmarks\n");
}

/** CPU time (user + system, ms) a process has used so far, from /proc; 0 where unavailable. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat: 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Extra node options for a bench's server beyond npm start's (BENCH_NODE_ARGS="--heap-growing-percent=0"),
 * to try V8 flags; a later flag wins over npm start's.
 */
export function benchNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
}
