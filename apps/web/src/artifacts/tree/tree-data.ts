import { isRecord, type JsonObject } from "../shared/artifact-data.js";

/** Core spec §5: the root has no string name. */
export const treeShapeMessage = "Data must be tree structure with name property";
/** Core spec §2.4: the tree cannot be shown. */
export const invalidTreeMessage = "Invalid tree data";
/** Core spec §9: levels expanded at first. */
export const defaultExpandedLevels = 2;

/** A validated tree node with a path id ("0", "0.2", …) unique in its tree. */
export interface TreeNodeModel {
  id: string;
  name: string;
  depth: number;
  status?: string;
  metadata?: JsonObject;
  children: TreeNodeModel[];
}

function node(value: JsonObject & { name: string }, id: string, depth: number): TreeNodeModel {
  const children = Array.isArray(value.children)
    ? value.children
        .filter((child): child is JsonObject & { name: string } => {
          // Children without a name cannot be shown; the rest of the tree still can.
          return isRecord(child) && typeof child.name === "string";
        })
        .map((child, i) => node(child, `${id}.${i}`, depth + 1))
    : [];
  const out: TreeNodeModel = { id, name: value.name, depth, children };
  if (typeof value.status === "string" && value.status !== "") out.status = value.status;
  if (isRecord(value.metadata)) out.metadata = value.metadata;
  return out;
}

/** Validates tree data (core spec §3 tree node, §5). */
export function readTree(data: unknown): TreeNodeModel | { error: string; detail?: string } {
  if (!isRecord(data)) return { error: invalidTreeMessage };
  if (typeof data.name !== "string") return { error: invalidTreeMessage, detail: treeShapeMessage };
  return node(data as JsonObject & { name: string }, "0", 0);
}

/** rendering_hints.default_expanded_levels when it is a whole number ≥ 0, else 2. */
export function expandedLevels(hints: JsonObject): number {
  const value = hints.default_expanded_levels;
  return typeof value === "number" && Number.isInteger(value) && value >= 0
    ? value
    : defaultExpandedLevels;
}

/** Ids of the nodes open at first: those with children above the given depth. */
export function initiallyExpanded(root: TreeNodeModel, levels: number): Set<string> {
  const open = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop() as TreeNodeModel;
    if (current.depth >= levels || current.children.length === 0) continue;
    open.add(current.id);
    stack.push(...current.children);
  }
  return open;
}

/** The set with the id added or removed. */
export function toggled(open: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** A node's metadata as short 'key: value' text, leaving out its type and nested values. */
export function metadataSummary(metadata: JsonObject | undefined): string {
  if (!metadata) return "";
  return Object.entries(metadata)
    .filter(
      ([key, value]) =>
        key !== "type" && ["string", "number", "boolean"].includes(typeof value) && value !== "",
    )
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(" · ");
}
