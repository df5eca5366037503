import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One function's share of the busy (non-idle) sampled time: self time, not its callees'. */
export interface ProfileEntry {
  name: string;
  percent: number;
}

function label(frame: ProfileNode["callFrame"]): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  // node_modules/<pkg>/... names the package; our bundle names the file and line.
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url);
  const file = frame.url.replace(/^.*\//, "");
  const where = match ? `${match[1]}/${file}` : file;
  return `${name} (${where}:${frame.lineNumber + 1})`;
}

/** The functions with the most self time in the .cpuprofile files of a folder, merged. */
export function topEntries(dir: string, count = 15): ProfileEntry[] {
  const totals = new Map<string, number>();
  let all = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, label(node.callFrame)]));
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      const name = byId.get(id) ?? "?";
      totals.set(name, (totals.get(name) ?? 0) + delta);
      if (name !== "(idle)") all += delta;
    });
  }
  return [...totals.entries()]
    .filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => ({ name, percent: (100 * time) / all }));
}
