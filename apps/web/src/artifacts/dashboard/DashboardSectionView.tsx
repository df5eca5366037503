import type { ReactNode } from "react";
import { isChartProblem, readChart } from "../chart/chart-data.js";
import { LazyChart } from "../chart/LazyChart.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import { DataTable } from "../table/DataTable.js";
import { dashboardTablePageSize } from "../table/table-data.js";
import {
  type DashboardSection,
  invalidSectionMessages,
  readDashboardTable,
  readListItems,
  readMetricCards,
  readStatusIndicators,
  unknownSectionMessage,
} from "./dashboard-data.js";
import { ItemList, MetricsCards, StatusIndicators } from "./SimpleSections.js";

function invalid(text: string) {
  return <ViewerNotice tone="error" title={text} />;
}

function sectionBody(section: DashboardSection, label: string): ReactNode {
  switch (section.type) {
    case "metrics_cards": {
      const cards = readMetricCards(section.data);
      return cards ? <MetricsCards cards={cards} /> : invalid(invalidSectionMessages.metrics_cards);
    }
    case "chart": {
      const chart = readChart(section.data);
      return isChartProblem(chart) ? (
        invalid(invalidSectionMessages.chart)
      ) : (
        <LazyChart chart={chart} />
      );
    }
    case "table": {
      const table = readDashboardTable(section.data);
      return table ? (
        <DataTable
          rows={table.rows}
          columns={table.columns}
          columnTypes={table.columnTypes}
          pageSize={dashboardTablePageSize}
          filterable={false}
          label={label}
        />
      ) : (
        invalid(invalidSectionMessages.table)
      );
    }
    case "list": {
      const items = readListItems(section.data);
      return items ? <ItemList items={items} /> : invalid(invalidSectionMessages.list);
    }
    case "status": {
      const indicators = readStatusIndicators(section.data);
      return indicators ? (
        <StatusIndicators indicators={indicators} />
      ) : (
        invalid(invalidSectionMessages.status)
      );
    }
    default:
      return invalid(unknownSectionMessage);
  }
}

/** One titled dashboard section, drawn by its kind (core spec §2.4). */
export function DashboardSectionView({ section }: { section: DashboardSection }) {
  const label = section.title ?? section.id;
  return (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3"
    >
      {section.title ? (
        <h4 className="text-sm font-semibold text-neutral-200">{section.title}</h4>
      ) : null}
      {sectionBody(section, label)}
    </section>
  );
}
