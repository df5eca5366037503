import { useMemo, useState } from "react";
import { TableCell } from "./TableCell.js";
import { TablePager } from "./TablePager.js";
import { columnLabel, type TableRow, type TableSort } from "./table-data.js";
import type { ColumnType } from "./table-format.js";
import { pageWindow } from "./table-paging.js";
import { filterOrder, nextSort, TableRowIndex } from "./table-rows.js";

/** What a data table shows and how it may be sorted, searched and paged. */
export interface DataTableProps {
  rows: readonly TableRow[];
  columns: readonly string[];
  columnTypes: Readonly<Record<string, ColumnType>>;
  pageSize: number;
  /** Columns whose headers sort; undefined means every column. */
  sortableColumns?: readonly string[] | undefined;
  filterable: boolean;
  defaultSort?: TableSort | undefined;
  /** Accessible name of the table. */
  label: string;
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

/**
 * A sortable, searchable, paged table. Sort keys and search texts are computed once per row and
 * only the current page is rendered, so even 100,000 rows answer each interaction quickly.
 */
export function DataTable({
  rows,
  columns,
  columnTypes,
  pageSize,
  sortableColumns,
  filterable,
  defaultSort,
  label,
}: DataTableProps) {
  const [sort, setSort] = useState<TableSort | null>(defaultSort ?? null);
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);

  const sortable = (column: string) => !sortableColumns || sortableColumns.includes(column);
  // Keys and search texts are built when the table loads, so no interaction pays for them.
  const index = useMemo(
    () =>
      new TableRowIndex(rows, columns).prepare(
        columns.filter((column) => !sortableColumns || sortableColumns.includes(column)),
        filterable,
      ),
    [rows, columns, sortableColumns, filterable],
  );
  const texts = useMemo(() => (filterable ? index.texts() : []), [index, filterable]);
  const order = useMemo(() => index.order(sort), [index, sort]);
  const visible = useMemo(
    () => (filterable ? filterOrder(order, texts, query) : order),
    [order, texts, query, filterable],
  );
  const window = pageWindow(visible.length, pageSize, page);
  const pageRows = Array.from(visible.subarray(window.start, window.end));

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {filterable ? (
        <input
          type="search"
          value={query}
          placeholder="Search..."
          aria-label="Search"
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          className="w-full max-w-xs rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-500"
        />
      ) : null}
      <div className="overflow-x-auto rounded-md border border-border">
        <table aria-label={label} className="min-w-full text-left text-sm text-neutral-200">
          <thead className="bg-surface text-xs uppercase tracking-wide text-neutral-400">
            <tr>
              {columns.map((column) => {
                const active = sort?.column === column ? sort.direction : undefined;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? ariaSort[active] : sortable(column) ? "none" : undefined}
                    className="whitespace-nowrap px-3 py-2 font-medium"
                  >
                    {sortable(column) ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-neutral-100"
                        onClick={() => {
                          setSort((current) => nextSort(current, column));
                          setPage(1);
                        }}
                      >
                        {columnLabel(column)}
                        <span aria-hidden="true">
                          {active === "asc" ? "▲" : active === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      columnLabel(column)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {pageRows.length === 0 ? (
              <tr>
                <td
                  colSpan={Math.max(1, columns.length)}
                  className="px-3 py-6 text-center text-neutral-400"
                >
                  No data available
                </td>
              </tr>
            ) : (
              pageRows.map((rowIndex) => {
                const row = rows[rowIndex] as TableRow;
                return (
                  <tr key={rowIndex} className="hover:bg-neutral-800/40">
                    {columns.map((column) => (
                      <TableCell key={column} value={row[column]} type={columnTypes[column]} />
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {visible.length > 0 ? <TablePager window={window} onPage={setPage} /> : null}
    </div>
  );
}
