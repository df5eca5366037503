import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { TableView } from "./TableView.js";

const people = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Person ${String(i + 1).padStart(2, "0")}`,
}));

function firstCells(): string[] {
  const rows = screen.getAllByRole("row").slice(1);
  return rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent ?? "");
}

describe("TableView", () => {
  it("says when there is no data part", () => {
    render(<TableView artifact={makeArtifact("table", [{ kind: "text", text: "hi" }])} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No data part found in artifact");
  });

  it("refuses data that is not {items: [...]}", () => {
    render(<TableView artifact={dataArtifact("table", { rows: [] })} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Data must be in {items: [...]} format per MCP spec",
    );
  });

  it("shows 'No data available' for no items, without paging", () => {
    render(<TableView artifact={dataArtifact("table", { items: [] })} />);
    expect(screen.getByText("No data available")).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it("shows the title and the tool caption", () => {
    render(
      <TableView
        artifact={dataArtifact(
          "table",
          { items: [{ a: 1 }] },
          { tool_name: "query_orders" },
          "Orders",
        )}
      />,
    );
    expect(screen.getByRole("heading", { name: "Orders" })).toBeInTheDocument();
    expect(screen.getByText("query_orders")).toBeInTheDocument();
  });

  it("lists validation errors", () => {
    const artifact = dataArtifact(
      "table",
      { items: [{ a: 1 }] },
      { validation_errors: ["row 1: amount is not a number", { message: "missing id" }] },
    );
    render(<TableView artifact={artifact} />);
    const box = screen.getByRole("alert");
    expect(within(box).getByText("Data Validation Errors")).toBeInTheDocument();
    expect(
      within(box)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["row 1: amount is not a number", "missing id"]);
  });

  it("pages 25 rows at a time by default", async () => {
    const user = userEvent.setup();
    render(<TableView artifact={dataArtifact("table", { items: people })} />);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByText("Showing 1 to 25 of 30 results")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByText("Showing 26 to 30 of 30 results")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  it("takes the page size from the hints, and a prop over the hints", () => {
    const artifact = dataArtifact(
      "table",
      { items: people },
      { rendering_hints: { page_size: 7 } },
    );
    const { unmount } = render(<TableView artifact={artifact} />);
    expect(screen.getByText("Page 1 of 5")).toBeInTheDocument();
    unmount();
    render(<TableView artifact={artifact} pageSize={10} />);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("sorts ascending first, then toggles", async () => {
    const user = userEvent.setup();
    const items = [{ name: "b" }, { name: "c" }, { name: "a" }];
    render(<TableView artifact={dataArtifact("table", { items })} />);
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    await user.click(within(header).getByRole("button"));
    expect(firstCells()).toEqual(["a", "b", "c"]);
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(header).getByRole("button"));
    expect(firstCells()).toEqual(["c", "b", "a"]);
    expect(header).toHaveAttribute("aria-sort", "descending");
  });

  it("honours the default sort and the sortable columns", () => {
    const items = [
      { n: 2, label: "two" },
      { n: 10, label: "ten" },
      { n: 1, label: "one" },
    ];
    const hints = { default_sort: { column: "n", order: "desc" }, sortable_columns: ["n"] };
    render(<TableView artifact={dataArtifact("table", { items }, { rendering_hints: hints })} />);
    expect(firstCells()).toEqual(["10", "2", "1"]);
    const label = screen.getByRole("columnheader", { name: "Label" });
    expect(within(label).queryByRole("button")).not.toBeInTheDocument();
  });

  it("searches only when the hints make it filterable", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<TableView artifact={dataArtifact("table", { items: people })} />);
    expect(screen.queryByPlaceholderText("Search...")).not.toBeInTheDocument();
    unmount();
    render(
      <TableView
        artifact={dataArtifact(
          "table",
          { items: people },
          { rendering_hints: { filterable: true } },
        )}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByPlaceholderText("Search..."), "person 07");
    expect(firstCells()).toEqual(["7"]);
    expect(screen.getByText("Showing 1 to 1 of 1 results")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText("Search..."), "x");
    expect(screen.getByText("No data available")).toBeInTheDocument();
  });

  it("renders cells by column type", () => {
    const items = [
      {
        amount: 1234.5,
        pct: 12.34,
        qty: 1500.8,
        role: "admin",
        state: "suspended",
        invoice: "https://example.com/i/1",
        bad: "javascript:alert(1)",
        at: new Date(2024, 2, 3, 16, 5).toISOString(),
      },
    ];
    const hints = {
      column_types: {
        amount: "currency",
        pct: "percentage",
        qty: "integer",
        role: "badge",
        state: "badge",
        invoice: "link",
        bad: "link",
        at: "datetime",
      },
    };
    render(<TableView artifact={dataArtifact("table", { items }, { rendering_hints: hints })} />);
    expect(screen.getByText("$1,234.50")).toBeInTheDocument();
    expect(screen.getByText("12.3%")).toBeInTheDocument();
    expect(screen.getByText("1,500")).toBeInTheDocument();
    expect(screen.getByText("Mar 3, 2024 4:05 PM")).toBeInTheDocument();
    expect(screen.getByText("admin")).toHaveClass("text-blue-300");
    expect(screen.getByText("suspended")).toHaveClass("text-red-300");
    const link = screen.getByRole("link", { name: "View" });
    expect(link).toHaveAttribute("href", "https://example.com/i/1");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByText("javascript:alert(1)")).toBeInTheDocument();
  });
});
