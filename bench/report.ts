import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

const reportPath = fileURLToPath(new URL("../docs/benchmarks.md", import.meta.url));

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

/** Replaces (or appends) the section between `<!-- bench:id -->` markers in docs/benchmarks.md. */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "# Benchmarks\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(reportPath, next);
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
