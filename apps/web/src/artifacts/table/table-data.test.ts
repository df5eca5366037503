import { describe, expect, it } from "vitest";
import {
  columnLabel,
  defaultTablePageSize,
  readTableRows,
  tableColumns,
  tableFormatMessage,
  tableOptions,
  validationErrorLines,
} from "./table-data.js";

describe("readTableRows", () => {
  it("reads {items: [...]}", () => {
    expect(readTableRows({ items: [{ a: 1 }] })).toEqual({ rows: [{ a: 1 }] });
  });

  it("wraps scalar items in a value column", () => {
    expect(readTableRows({ items: [1, "x"] })).toEqual({ rows: [{ value: 1 }, { value: "x" }] });
  });

  it("refuses anything else with the spec message", () => {
    expect(readTableRows([{ a: 1 }])).toEqual({ error: tableFormatMessage });
    expect(readTableRows({ rows: [] })).toEqual({ error: tableFormatMessage });
    expect(readTableRows(null)).toEqual({ error: tableFormatMessage });
    expect(tableFormatMessage).toBe("Data must be in {items: [...]} format per MCP spec");
  });
});

describe("tableOptions", () => {
  it("defaults to 25 rows, no search, no sort", () => {
    expect(tableOptions({})).toEqual({ pageSize: 25, filterable: false, columnTypes: {} });
    expect(defaultTablePageSize).toBe(25);
  });

  it("reads every hint", () => {
    const options = tableOptions({
      columns: ["a", { key: "b" }, 3],
      page_size: 5,
      default_sort: { column: "a", order: "desc" },
      sortable_columns: ["a"],
      filterable: true,
      column_types: { a: "currency", b: "nonsense" },
    });
    expect(options).toEqual({
      columns: ["a", "b"],
      pageSize: 5,
      defaultSort: { column: "a", direction: "desc" },
      sortableColumns: ["a"],
      filterable: true,
      columnTypes: { a: "currency" },
    });
  });

  it("lets a prop override the page size and ignores a bad one", () => {
    expect(tableOptions({ page_size: 5 }, 10).pageSize).toBe(10);
    expect(tableOptions({ page_size: 0 }).pageSize).toBe(25);
    expect(tableOptions({ page_size: "7" }).pageSize).toBe(25);
  });

  it("sorts ascending when the default sort has no valid order", () => {
    expect(tableOptions({ default_sort: { column: "x" } }).defaultSort).toEqual({
      column: "x",
      direction: "asc",
    });
  });
});

describe("tableColumns", () => {
  it("uses hinted columns first", () => {
    expect(tableColumns([{ a: 1, b: 2 }], ["b"])).toEqual(["b"]);
  });

  it("collects keys in order of appearance", () => {
    expect(tableColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(["a", "b"]);
    expect(tableColumns([])).toEqual([]);
  });
});

describe("columnLabel", () => {
  it("turns names into headers", () => {
    expect(columnLabel("ordered_at")).toBe("Ordered At");
    expect(columnLabel("firstName")).toBe("First Name");
    expect(columnLabel("id")).toBe("Id");
  });
});

describe("validationErrorLines", () => {
  it("turns errors of any shape into lines", () => {
    expect(
      validationErrorLines([
        "row 2 is missing id",
        { message: "not a number", path: "items.3.amount" },
        { message: "bad" },
        { code: 1 },
      ]),
    ).toEqual(["row 2 is missing id", "items.3.amount: not a number", "bad", '{"code":1}']);
    expect(validationErrorLines(undefined)).toEqual([]);
  });
});
