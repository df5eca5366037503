import { describe, expect, it } from "vitest";
import {
  type DashboardModel,
  dashboardLayout,
  invalidSectionMessages,
  readDashboard,
  readDashboardTable,
  readListItems,
  readMetricCards,
  readStatusIndicators,
  sortSections,
} from "./dashboard-data.js";

describe("readDashboard", () => {
  it("needs an object with a sections array", () => {
    expect(readDashboard("x")).toEqual({ error: "Invalid dashboard data" });
    expect(readDashboard({ title: "T" })).toEqual({
      error: "Invalid dashboard data",
      detail: "Dashboard data must have sections array",
    });
  });

  it("reads and sorts sections by layout.order, default 999", () => {
    const model = readDashboard({
      title: "T",
      description: "D",
      sections: [
        { section_id: "late", section_type: "list", data: {} },
        { section_id: "b", section_type: "chart", title: "B", layout: { order: 2 }, data: {} },
        "not a section",
        { section_id: "a", section_type: "status", layout: { order: 1 }, data: {} },
        { section_type: "table", layout: { order: 999 } },
      ],
    }) as DashboardModel;
    expect(model.title).toBe("T");
    expect(model.description).toBe("D");
    expect(model.layout).toBe("vertical");
    expect(model.sections.map((s) => [s.id, s.order])).toEqual([
      ["a", 1],
      ["b", 2],
      ["late", 999],
      ["section-3", 999],
    ]);
    expect(model.sections[1]?.title).toBe("B");
  });

  it("makes repeated section ids unique", () => {
    const model = readDashboard({
      sections: [
        { section_id: "x", section_type: "list" },
        { section_id: "x", section_type: "list" },
      ],
    }) as DashboardModel;
    expect(model.sections.map((s) => s.id)).toEqual(["x", "x-1"]);
  });

  it("keeps equal orders in place", () => {
    const s = (id: string, order: number) => ({ id, type: "list", order, data: null });
    expect(sortSections([s("x", 5), s("y", 1), s("z", 5)]).map((x) => x.id)).toEqual([
      "y",
      "x",
      "z",
    ]);
  });
});

describe("dashboardLayout", () => {
  it("is a grid only when asked", () => {
    expect(dashboardLayout({ layout: "grid" }, {})).toBe("grid");
    expect(dashboardLayout({ layout: { type: "grid", columns: 2 } }, {})).toBe("grid");
    expect(dashboardLayout({}, { layout: "grid" })).toBe("grid");
    expect(dashboardLayout({ layout: "vertical" }, { layout: "grid" })).toBe("vertical");
    expect(dashboardLayout({}, {})).toBe("vertical");
  });
});

describe("section readers", () => {
  it("reads metric cards", () => {
    expect(
      readMetricCards({
        cards: [{ title: "Uptime", value: 5, subtitle: "pid 1", status: "healthy" }],
      }),
    ).toEqual([{ title: "Uptime", value: "5", subtitle: "pid 1", status: "healthy" }]);
    expect(readMetricCards({ metrics: [] })).toEqual([]);
    expect(readMetricCards({ cards: [{ title: "x" }] })).toBeNull();
    expect(readMetricCards({})).toBeNull();
  });

  it("reads tables with typed columns", () => {
    expect(
      readDashboardTable({
        columns: [{ name: "metric", type: "string" }, { name: "cost", type: "currency" }, "n"],
        rows: [{ metric: "a", cost: 1, n: 2 }],
      }),
    ).toEqual({
      columns: ["metric", "cost", "n"],
      columnTypes: { cost: "currency" },
      rows: [{ metric: "a", cost: 1, n: 2 }],
    });
    expect(readDashboardTable({ rows: [{ a: 1 }, { b: 2 }] })?.columns).toEqual(["a", "b"]);
    expect(readDashboardTable({ rows: [1] })).toBeNull();
    expect(readDashboardTable({ columns: [{}], rows: [] })).toBeNull();
    expect(readDashboardTable(null)).toBeNull();
  });

  it("reads list items", () => {
    expect(readListItems({ items: ["a", { text: "b", icon: "bot", status: "active" }] })).toEqual([
      { text: "a" },
      { text: "b", icon: "bot", status: "active" },
    ]);
    expect(readListItems({ items: [{ icon: "x" }] })).toBeNull();
    expect(readListItems([])).toBeNull();
  });

  it("reads status indicators", () => {
    expect(
      readStatusIndicators({
        indicators: [{ label: "DB", message: "ok", status: "healthy" }, { label: "X" }],
      }),
    ).toEqual([
      { label: "DB", message: "ok", status: "healthy" },
      { label: "X", status: "unknown" },
    ]);
    expect(readStatusIndicators({ indicators: [{ message: "no label" }] })).toBeNull();
    expect(readStatusIndicators({})).toBeNull();
  });

  it("names each kind's invalid text", () => {
    expect(Object.values(invalidSectionMessages)).toEqual([
      "Invalid metrics cards data",
      "Invalid chart data",
      "Invalid table data",
      "Invalid list data",
      "Invalid status data",
    ]);
  });
});
