import { describe, expect, it } from "vitest";
import {
  expandedLevels,
  initiallyExpanded,
  metadataSummary,
  readTree,
  type TreeNodeModel,
  toggled,
} from "./tree-data.js";

const sample = {
  name: "root",
  status: "healthy",
  metadata: { type: "folder", pages: 2 },
  children: [
    { name: "a", children: [{ name: "a1", children: [{ name: "a1x" }] }] },
    { name: "b" },
    { title: "no name" },
    "text",
  ],
};

describe("readTree", () => {
  it("reads nodes with path ids and depths, skipping children without a name", () => {
    const tree = readTree(sample) as TreeNodeModel;
    expect(tree.id).toBe("0");
    expect(tree.status).toBe("healthy");
    expect(tree.metadata).toEqual({ type: "folder", pages: 2 });
    expect(tree.children.map((c) => [c.id, c.name, c.depth])).toEqual([
      ["0.0", "a", 1],
      ["0.1", "b", 1],
    ]);
    expect(tree.children[0]?.children[0]?.children[0]?.id).toBe("0.0.0.0");
  });

  it("needs a string name", () => {
    expect(readTree({ children: [] })).toEqual({
      error: "Invalid tree data",
      detail: "Data must be tree structure with name property",
    });
    expect(readTree({ name: 3 })).toMatchObject({
      detail: "Data must be tree structure with name property",
    });
  });

  it("refuses data that is not an object", () => {
    expect(readTree([1])).toEqual({ error: "Invalid tree data" });
    expect(readTree(null)).toEqual({ error: "Invalid tree data" });
  });
});

describe("expanded levels", () => {
  it("defaults to 2 and accepts whole numbers", () => {
    expect(expandedLevels({})).toBe(2);
    expect(expandedLevels({ default_expanded_levels: 1 })).toBe(1);
    expect(expandedLevels({ default_expanded_levels: 0 })).toBe(0);
    expect(expandedLevels({ default_expanded_levels: -1 })).toBe(2);
    expect(expandedLevels({ default_expanded_levels: "3" })).toBe(2);
  });

  it("opens the nodes with children above the level", () => {
    const tree = readTree(sample) as TreeNodeModel;
    expect([...initiallyExpanded(tree, 2)].sort()).toEqual(["0", "0.0"]);
    expect([...initiallyExpanded(tree, 1)]).toEqual(["0"]);
    expect(initiallyExpanded(tree, 0).size).toBe(0);
  });

  it("toggles ids without changing the original set", () => {
    const open = new Set(["a"]);
    expect([...toggled(open, "b")].sort()).toEqual(["a", "b"]);
    expect([...toggled(open, "a")]).toEqual([]);
    expect([...open]).toEqual(["a"]);
  });
});

describe("metadataSummary", () => {
  it("shows simple values except the type", () => {
    expect(metadataSummary({ type: "page", title: "Intro", size: 3, nested: { a: 1 } })).toBe(
      "title: Intro · size: 3",
    );
    expect(metadataSummary(undefined)).toBe("");
  });
});
