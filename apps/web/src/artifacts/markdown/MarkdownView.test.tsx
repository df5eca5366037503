import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { MarkdownView } from "./MarkdownView.js";

describe("MarkdownView", () => {
  it("renders markdown with GFM tables and links in a new tab", () => {
    const text = "# Report\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/docs)";
    render(
      <MarkdownView artifact={makeArtifact("markdown", [{ kind: "text", text }], {}, "Notes")} />,
    );
    expect(screen.getByRole("heading", { name: "Report" })).toBeInTheDocument();
    expect(screen.getByRole("table")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "docs" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("drops raw HTML and script links", () => {
    const text = '<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1))';
    const { container } = render(
      <MarkdownView artifact={makeArtifact("markdown", [{ kind: "text", text }])} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("bad").closest("a")?.getAttribute("href") ?? "").not.toContain(
      "javascript",
    );
  });

  it("reads the data's content and says when there is none", () => {
    const { unmount } = render(
      <MarkdownView artifact={dataArtifact("markdown", { title: "T", content: "**bold**" })} />,
    );
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    unmount();
    render(<MarkdownView artifact={dataArtifact("markdown", {})} />);
    expect(screen.getByRole("status")).toHaveTextContent("No content available");
  });
});
