import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DataObjectPanel } from "./DataObjectPanel.js";

describe("DataObjectPanel", () => {
  it("shows simple values as a key/value table", () => {
    render(<DataObjectPanel data={{ city: "Oslo", temp: 4, sunny: false, note: null }} />);
    const panel = screen.getByRole("region", { name: "Data Object" });
    const table = within(panel).getByRole("table");
    expect(within(table).getByRole("rowheader", { name: "city" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "Oslo" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "false" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "null" })).toBeInTheDocument();
  });

  it("shows nested values as formatted JSON", () => {
    const data = { city: "Oslo", days: [1, 2] };
    const { container } = render(<DataObjectPanel data={data} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(container.querySelector("pre")?.textContent).toBe(JSON.stringify(data, null, 2));
  });

  it("collapses and expands", async () => {
    const user = userEvent.setup();
    render(<DataObjectPanel data={{ a: 1 }} />);
    const toggle = screen.getByRole("button", { name: /Data Object/ });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("copies the data as JSON", async () => {
    const user = userEvent.setup();
    render(<DataObjectPanel data={{ a: 1 }} />);
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe('{\n  "a": 1\n}');
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
  });
});
