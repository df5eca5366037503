import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { ChartView } from "./ChartView.js";

const data = { labels: ["Jan", "Feb"], datasets: [{ label: "Revenue", data: [1, 2] }] };

describe("ChartView", () => {
  it("says when there is no data part", () => {
    render(<ChartView artifact={makeArtifact("chart", [])} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No data part found");
  });

  it("says when labels or datasets are missing", () => {
    render(<ChartView artifact={dataArtifact("chart", { labels: ["a"] })} />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Invalid chart data");
    expect(alert).toHaveTextContent("Data must have labels and datasets");
  });

  it("says 'Invalid chart data' when nothing can be drawn", () => {
    render(<ChartView artifact={dataArtifact("chart", { labels: [], datasets: [] })} />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Invalid chart data$/);
  });

  it("shows the name, tool, chart title and loads the chart on demand", async () => {
    const artifact = dataArtifact(
      "chart",
      data,
      {
        tool_name: "sales_chart",
        rendering_hints: { chart_type: "line", title: "Revenue by month" },
      },
      "Sales",
    );
    const { container } = render(<ChartView artifact={artifact} />);
    expect(screen.getByRole("heading", { name: "Sales" })).toBeInTheDocument();
    expect(screen.getByText("sales_chart")).toBeInTheDocument();
    expect(screen.getByText("Revenue by month")).toBeInTheDocument();
    await waitFor(() =>
      expect(container.querySelector(".recharts-responsive-container")).not.toBeNull(),
    );
    expect(screen.queryByText("Loading chart...")).not.toBeInTheDocument();
  });
});
