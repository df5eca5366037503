import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

/** The probe the server loads for the agents bench (see agents-probe.mjs). */
export const probePath = fileURLToPath(new URL("./agents-probe.mjs", import.meta.url));

/** What the probe noted for one stream: token index -> absolute time (ms). */
export interface ProbedStream {
  in: Record<string, number>;
  out: Record<string, number>;
}

/** Streams the probe saw, by tag; empty when the server wrote nothing. */
export function readProbe(file: string): Record<string, ProbedStream> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, ProbedStream>;
}

/** Sorted differences `to[i] - from[i]` over the token indexes both have. */
export function differences(
  from: Record<string, number> | number[],
  to: Record<string, number> | number[],
): number[] {
  const spans: number[] = [];
  for (const [index, start] of Object.entries(from)) {
    const end = (to as Record<string, number>)[index];
    if (typeof start === "number" && end !== undefined) spans.push(end - start);
  }
  return spans.sort((a, b) => a - b);
}

/** The value at percentile p (0-100) of a sorted list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Times on this process's clock made absolute, comparable with the probe's. */
export function absolute(times: Map<number, number> | number[]): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [index, at] of times.entries()) {
    if (at !== undefined) result[index] = performance.timeOrigin + at;
  }
  return result;
}

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives the server's event loop (its main thread) a core of its own while `work` runs: the
 * server's other threads and this process (the fake provider and the SDK client) keep to the
 * other cores. False when the machine or OS cannot (one core, no taskset).
 */
export async function withOwnCore(serverPid: number, work: () => Promise<void>): Promise<boolean> {
  const cores = availableParallelism();
  if (cores < 2 || process.platform !== "linux" || !hasTaskset()) return false;
  const others = cores === 2 ? "0" : `0,2-${cores - 1}`;
  const all = `0-${cores - 1}`;
  const taskset = (...args: string[]) => execFileSync("taskset", args, { stdio: "ignore" });
  taskset("-a", "-p", "-c", others, String(serverPid));
  taskset("-p", "-c", "1", String(serverPid));
  taskset("-a", "-p", "-c", others, String(process.pid));
  try {
    await work();
  } finally {
    taskset("-a", "-p", "-c", all, String(process.pid));
    taskset("-a", "-p", "-c", all, String(serverPid));
  }
  return true;
}

/** Times the OS took the server's event loop off a core while it could have run (Linux). */
export function involuntarySwitches(serverPid: number): number {
  try {
    const status = readFileSync(`/proc/${serverPid}/task/${serverPid}/status`, "utf8");
    return Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/**
 * How long (ms) the OS has kept the server's event loop (its main thread) waiting for a core while
 * it could have run, since it started (Linux: /proc schedstat); NaN elsewhere.
 */
export function runQueueWaitMs(serverPid: number): number {
  try {
    const schedstat = readFileSync(`/proc/${serverPid}/task/${serverPid}/schedstat`, "utf8");
    return Number(schedstat.split(" ")[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}
