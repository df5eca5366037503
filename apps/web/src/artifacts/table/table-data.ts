import { isRecord, type JsonObject } from "../shared/artifact-data.js";
import { type ColumnType, isColumnType } from "./table-format.js";

/** Core spec §5: a table's data must be {items: [...]}. */
export const tableFormatMessage = "Data must be in {items: [...]} format per MCP spec";
/** Core spec §5: the table artifact has no data part. */
export const noTableDataPartMessage = "No data part found in artifact";
/** Core spec §9: rows per page of a table. */
export const defaultTablePageSize = 25;
/** Core spec §9: rows per page of a table inside a dashboard. */
export const dashboardTablePageSize = 10;

/** One table row. */
export type TableRow = JsonObject;

/** A sort request: a column and a direction. */
export interface TableSort {
  column: string;
  direction: "asc" | "desc";
}

/** The table's rendering hints, read defensively (core spec §3). */
export interface TableOptions {
  columns?: string[];
  pageSize: number;
  defaultSort?: TableSort;
  sortableColumns?: string[];
  filterable: boolean;
  columnTypes: Record<string, ColumnType>;
}

/** The rows of table data, or the message saying why the data is not a table. */
export function readTableRows(data: unknown): { rows: TableRow[] } | { error: string } {
  if (!isRecord(data) || !Array.isArray(data.items)) return { error: tableFormatMessage };
  // A list of scalars is still a table: one "value" column.
  return { rows: data.items.map((item) => (isRecord(item) ? item : { value: item })) };
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = value.flatMap((entry) => {
    if (typeof entry === "string") return [entry];
    if (isRecord(entry)) {
      const name = entry.key ?? entry.name ?? entry.field;
      return typeof name === "string" ? [name] : [];
    }
    return [];
  });
  return names.length > 0 ? names : undefined;
}

/** Reads page size, default sort, sortable and typed columns and the search switch from hints. */
export function tableOptions(hints: JsonObject, pageSizeOverride?: number): TableOptions {
  const hinted = hints.page_size;
  const pageSize =
    pageSizeOverride ??
    (typeof hinted === "number" && Number.isInteger(hinted) && hinted > 0
      ? hinted
      : defaultTablePageSize);
  const columnTypes: Record<string, ColumnType> = {};
  if (isRecord(hints.column_types)) {
    for (const [column, type] of Object.entries(hints.column_types)) {
      if (isColumnType(type)) columnTypes[column] = type;
    }
  }
  const options: TableOptions = {
    pageSize,
    filterable: hints.filterable === true,
    columnTypes,
  };
  const columns = stringList(hints.columns);
  if (columns) options.columns = columns;
  const sortable = stringList(hints.sortable_columns);
  if (sortable) options.sortableColumns = sortable;
  const sort = hints.default_sort;
  if (isRecord(sort) && typeof sort.column === "string") {
    options.defaultSort = {
      column: sort.column,
      direction: sort.order === "desc" ? "desc" : "asc",
    };
  }
  return options;
}

/** How many leading rows are looked at to discover columns when hints name none. */
const columnScanRows = 100;

/** The columns to show: the hinted ones, else every key of the first rows in order of appearance. */
export function tableColumns(rows: readonly TableRow[], hinted?: readonly string[]): string[] {
  if (hinted && hinted.length > 0) return [...hinted];
  const seen = new Set<string>();
  for (const row of rows.slice(0, columnScanRows)) {
    for (const key of Object.keys(row)) seen.add(key);
  }
  return [...seen];
}

/** A column name as a header: 'ordered_at' becomes 'Ordered At'. */
export function columnLabel(column: string): string {
  return column
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The validation errors an artifact carries, as lines of text. */
export function validationErrorLines(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((error) => {
    if (typeof error === "string") return error;
    if (isRecord(error) && typeof error.message === "string") {
      const where = error.path ?? error.field ?? error.row;
      return where === undefined ? error.message : `${String(where)}: ${error.message}`;
    }
    return JSON.stringify(error) ?? String(error);
  });
}
