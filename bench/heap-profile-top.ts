import { readFileSync } from "node:fs";

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** A sampled heap profile's allocations by function: self and with what it called, in bytes. */
export function heapTop(file: string, count: number) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as { head: HeapNode };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const nameOf = ({ functionName, url, lineNumber }: HeapNode["callFrame"]) =>
    `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/dist\//, "dist/")}:${lineNumber + 1}`;
  let total = 0;
  const walk = (node: HeapNode, above: Set<string>): number => {
    const name = nameOf(node.callFrame);
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    const path = new Set(above).add(name);
    let size = node.selfSize;
    for (const child of node.children) size += walk(child, path);
    // A recursive frame counts once.
    if (!above.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + size);
    return size;
  };
  walk(profile.head, new Set());
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { total, self: top(self), inclusive: top(inclusive) };
}
