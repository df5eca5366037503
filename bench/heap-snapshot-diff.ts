import { readFileSync } from "node:fs";

/**
 * What grew between two V8 heap snapshots of one process, by constructor (or, for strings, code
 * and other built-in kinds, the node type): count and retained-free self size. A snapshot is
 * taken after a full collection, so each holds live objects only.
 *
 *   npx tsx bench/heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot [rows]
 */

interface SnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

/** Live objects grouped by what they are; the total is the live heap. */
export function heapGroups(file: string): { total: number; groups: Map<string, Group> } {
  const data = JSON.parse(readFileSync(file, "utf8")) as SnapshotFile;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const groups = new Map<string, Group>();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt] as number] ?? "?";
    const size = data.nodes[i + sizeAt] as number;
    // Objects and closures by name; everything else (strings, code, arrays…) by type.
    const key =
      type === "object" || type === "closure"
        ? `${type} ${data.strings[data.nodes[i + nameAt] as number]}`
        : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += size;
    groups.set(key, group);
    total += size;
  }
  return { total, groups };
}

/** The groups that grew most in bytes from `before` to `after`. */
export function heapGrowth(beforeFile: string, afterFile: string, rows = 25) {
  const before = heapGroups(beforeFile);
  const after = heapGroups(afterFile);
  const keys = new Set([...before.groups.keys(), ...after.groups.keys()]);
  const growth = [...keys]
    .map((key) => {
      const was = before.groups.get(key) ?? { count: 0, bytes: 0 };
      const now = after.groups.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: now.count - was.count, bytes: now.bytes - was.bytes, now };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, rows);
  return { before: before.total, after: after.total, growth };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [before, after, rows] = process.argv.slice(2);
  if (!before || !after) throw new Error("usage: heap-snapshot-diff.ts before after [rows]");
  const result = heapGrowth(before, after, Number(rows ?? 25));
  const mb = (n: number) => (n / 2 ** 20).toFixed(2);
  console.log(`live heap ${mb(result.before)} → ${mb(result.after)} MB`);
  for (const { key, count, bytes, now } of result.growth) {
    console.log(
      `${mb(bytes).padStart(8)} MB ${String(count).padStart(8)} objects  ${key} (now ${now.count}, ${mb(now.bytes)} MB)`,
    );
  }
}
