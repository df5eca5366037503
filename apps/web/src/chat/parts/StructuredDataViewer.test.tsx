import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StructuredDataViewer } from "./StructuredDataViewer.js";

const data = { user: { name: "Ada", roles: ["admin"] }, deep: { a: { b: { c: 1 } } } };

describe("StructuredDataViewer", () => {
  it("shows a collapsible 'Structured Data' tree", async () => {
    const user = userEvent.setup();
    render(<StructuredDataViewer data={data} />);
    const tree = screen.getByRole("list", { name: "Structured Data" });
    expect(tree).toHaveTextContent('name: "Ada"');
    // Levels past the second start collapsed.
    expect(tree).not.toHaveTextContent("c: 1");
    expect(within(tree).queryByRole("button", { name: /^b:/ })).not.toBeInTheDocument();
    await user.click(within(tree).getByRole("button", { name: /^a:/ }));
    await user.click(within(tree).getByRole("button", { name: /^b:/ }));
    expect(tree).toHaveTextContent("c: 1");
    const toggle = screen.getByRole("button", { name: "Structured Data" });
    await user.click(toggle);
    expect(screen.queryByRole("list", { name: "Structured Data" })).not.toBeInTheDocument();
  });

  it("says 'Updating...' only while the data is incomplete", () => {
    const { rerender } = render(<StructuredDataViewer data={data} complete={false} />);
    expect(screen.getByText("Updating...")).toBeInTheDocument();
    rerender(<StructuredDataViewer data={data} complete />);
    expect(screen.queryByText("Updating...")).not.toBeInTheDocument();
  });

  it("opens the 'Raw Structured Data' modal with copy and close; Escape closes it", async () => {
    const user = userEvent.setup();
    render(<StructuredDataViewer data={data} />);
    const opener = screen.getByRole("button", { name: "View raw" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Raw Structured Data" });
    expect(dialog).toHaveTextContent('"name": "Ada"');
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Copy" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(JSON.stringify(data, null, 2));
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
