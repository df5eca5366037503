import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataTable } from "./DataTable.js";

const statuses = ["active", "inactive", "error", "guest"];
// Through JSON like real artifact data, so strings are flat as they are in the app.
const rows: Record<string, unknown>[] = JSON.parse(
  JSON.stringify(
    Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      name: `Customer ${(i * 7919) % 100_000}`,
      amount: ((i * 104_729) % 1_000_000) / 100,
      status: statuses[i % 4],
      city: `City ${(i * 31) % 997}`,
    })),
  ),
);
const columns = ["id", "name", "amount", "status", "city"];

function timed(label: string, action: () => void): number {
  const start = performance.now();
  act(action);
  const ms = performance.now() - start;
  console.log(`[perf] 100,000-row table, ${label}: ${ms.toFixed(1)} ms`);
  return ms;
}

// Timings are printed, not asserted: the machine running the tests is shared.
describe("DataTable with 100,000 rows", () => {
  it("sorts, searches and pages", () => {
    const start = performance.now();
    render(
      <DataTable
        rows={rows}
        columns={columns}
        columnTypes={{ amount: "currency", status: "badge" }}
        pageSize={25}
        filterable
        label="Big"
      />,
    );
    console.log(
      `[perf] 100,000-row table, first render: ${(performance.now() - start).toFixed(1)} ms`,
    );
    // Elements are looked up before timing: Testing Library queries are slow in jsdom.
    const header = (name: string) =>
      within(screen.getByRole("columnheader", { name: new RegExp(name) })).getByRole("button");
    const nameHeader = header("Name");
    const amountHeader = header("Amount");
    const search = screen.getByPlaceholderText("Search...");
    const next = screen.getByRole("button", { name: "Next" });

    timed("sort text column ascending", () => fireEvent.click(nameHeader));
    timed("sort text column descending", () => fireEvent.click(nameHeader));
    timed("sort number column ascending", () => fireEvent.click(amountHeader));
    timed("search 'customer 12'", () =>
      fireEvent.change(search, { target: { value: "customer 12" } }),
    );
    timed("next page", () => fireEvent.click(next));
    timed("clear search", () => fireEvent.change(search, { target: { value: "" } }));
    timed("next page (all rows)", () => fireEvent.click(next));
    expect(screen.getByText("Page 2 of 4000")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(26);
  });
});
