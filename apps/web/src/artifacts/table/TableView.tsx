import { type ReactNode, useMemo } from "react";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import { firstDataPart, renderingHints } from "../shared/artifact-data.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { DataTable } from "./DataTable.js";
import {
  noTableDataPartMessage,
  readTableRows,
  tableColumns,
  tableOptions,
  validationErrorLines,
} from "./table-data.js";

/** Props of the table viewer; pageSize overrides the hints (a dashboard uses 10). */
export interface TableViewProps extends ArtifactViewProps {
  pageSize?: number;
}

/** The table viewer: {items: [...]} data with the table rendering hints (core spec §2.4, §5). */
export function TableView({ artifact, streaming, pageSize }: TableViewProps) {
  const title = artifact.name ?? "Table";
  const data = firstDataPart(artifact);
  const parsed = useMemo(() => (data ? readTableRows(data) : undefined), [data]);
  const options = useMemo(
    () => tableOptions(renderingHints(artifact), pageSize),
    [artifact, pageSize],
  );
  const rows = parsed && "rows" in parsed ? parsed.rows : undefined;
  const columns = useMemo(() => tableColumns(rows ?? [], options.columns), [rows, options]);
  const errors = validationErrorLines(artifact.metadata.validation_errors);

  let body: ReactNode;
  if (!parsed) body = <ViewerNotice tone="error" title={noTableDataPartMessage} />;
  else if ("error" in parsed)
    body = <ViewerNotice tone="error" title="Invalid table data" detail={parsed.error} />;
  else
    body = (
      <DataTable
        rows={parsed.rows}
        columns={columns}
        columnTypes={options.columnTypes}
        pageSize={options.pageSize}
        sortableColumns={options.sortableColumns}
        filterable={options.filterable}
        defaultSort={options.defaultSort}
        label={title}
      />
    );

  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {errors.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-yellow-500/40 bg-yellow-500/10 p-3 text-sm text-yellow-200"
        >
          <p className="font-medium">Data Validation Errors</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static and lines may repeat
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {body}
    </ArtifactFrame>
  );
}
