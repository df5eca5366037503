import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { DashboardView } from "./DashboardView.js";

const rows = Array.from({ length: 12 }, (_, i) => ({ endpoint: `/e${i}`, requests: 100 - i }));

const dashboard = {
  title: "Service overview",
  description: "Sample figures",
  sections: [
    {
      section_id: "health",
      section_type: "status",
      title: "Health",
      layout: { order: 5 },
      data: { indicators: [{ label: "API", message: "Operational", status: "success" }] },
    },
    {
      section_id: "metrics",
      section_type: "metrics_cards",
      title: "Key metrics",
      layout: { order: 1 },
      data: {
        cards: [{ title: "Requests", value: "12,480", subtitle: "last 24 h", status: "success" }],
      },
    },
    {
      section_id: "events",
      section_type: "list",
      title: "Recent events",
      data: { items: [{ text: "Deployed 1.4.2", icon: "rocket", status: "success" }] },
    },
    {
      section_id: "endpoints",
      section_type: "table",
      title: "Endpoints",
      layout: { order: 3 },
      data: {
        columns: [
          { name: "endpoint", type: "string" },
          { name: "requests", type: "number" },
        ],
        rows,
      },
    },
    {
      section_id: "traffic",
      section_type: "chart",
      title: "Traffic",
      layout: { order: 2 },
      data: { labels: ["Jan", "Feb"], datasets: [{ label: "Requests", data: [1, 2] }] },
    },
    {
      section_id: "mystery",
      section_type: "gauge",
      title: "Mystery",
      layout: { order: 4 },
      data: {},
    },
  ],
};

describe("DashboardView", () => {
  it("says 'Invalid dashboard data' without a data part", () => {
    render(<DashboardView artifact={makeArtifact("dashboard", [])} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid dashboard data");
  });

  it("needs a sections array", () => {
    render(<DashboardView artifact={dataArtifact("dashboard", { title: "x" })} />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Invalid dashboard data");
    expect(alert).toHaveTextContent("Dashboard data must have sections array");
  });

  it("shows titled sections in layout order with every kind", async () => {
    const { container } = render(<DashboardView artifact={dataArtifact("dashboard", dashboard)} />);
    expect(screen.getByText("Service overview")).toBeInTheDocument();
    expect(screen.getByText("Sample figures")).toBeInTheDocument();
    const titles = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(titles).toEqual([
      "Key metrics",
      "Traffic",
      "Endpoints",
      "Mystery",
      "Health",
      "Recent events",
    ]);
    expect(screen.getByText("12,480")).toBeInTheDocument();
    expect(screen.getByText("Deployed 1.4.2")).toBeInTheDocument();
    expect(screen.getByText("Operational")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Mystery" })).getByText("Unknown section type"),
    ).toBeInTheDocument();
    expect(container.querySelector("[data-layout]")).toHaveAttribute("data-layout", "vertical");
    await waitFor(() =>
      expect(container.querySelector(".recharts-responsive-container")).not.toBeNull(),
    );
  });

  it("pages its tables by 10, sortable, without search", async () => {
    const user = userEvent.setup();
    render(<DashboardView artifact={dataArtifact("dashboard", dashboard)} />);
    const table = screen.getByRole("region", { name: "Endpoints" });
    expect(within(table).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(within(table).getByText("Showing 1 to 10 of 12 results")).toBeInTheDocument();
    expect(within(table).queryByPlaceholderText("Search...")).not.toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: /Requests/ }));
    const firstRow = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(firstRow).getByText("/e11")).toBeInTheDocument();
  });

  it("lays sections out in two columns when asked", () => {
    const { container } = render(
      <DashboardView artifact={dataArtifact("dashboard", { ...dashboard, layout: "grid" })} />,
    );
    const grid = container.querySelector("[data-layout]");
    expect(grid).toHaveAttribute("data-layout", "grid");
    expect(grid).toHaveClass("md:grid-cols-2");
  });

  it("says which sections are invalid", () => {
    const bad = (section_type: string) => ({
      section_id: section_type,
      section_type,
      title: section_type,
      data: { nope: 1 },
    });
    const artifact = dataArtifact("dashboard", {
      sections: ["metrics_cards", "chart", "table", "list", "status"].map(bad),
    });
    render(<DashboardView artifact={artifact} />);
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Invalid metrics cards data",
      "Invalid chart data",
      "Invalid table data",
      "Invalid list data",
      "Invalid status data",
    ]);
  });
});
