import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { KnowledgeQueryView } from "./KnowledgeQueryView.js";

describe("KnowledgeQueryView", () => {
  it("says 'No knowledge data available' without data", () => {
    render(<KnowledgeQueryView artifact={makeArtifact("knowledge_query", [])} />);
    expect(screen.getByRole("status")).toHaveTextContent("No knowledge data available");
  });

  it("says so when the data has no content", () => {
    render(<KnowledgeQueryView artifact={dataArtifact("knowledge_query", { found: false })} />);
    expect(screen.getByText("No knowledge data available")).toBeInTheDocument();
  });

  it("shows the answer as markdown with its theme and sources", () => {
    const artifact = dataArtifact(
      "knowledge_query",
      {
        content: "### MCP tool servers\n\nSpeaks **streamable HTTP**.",
        theme: "warning",
        found: false,
        sources: [{ file: "mcp.md", title: "MCP tool servers", score: 2 }],
      },
      { tool_name: "search_docs" },
      "search_docs",
    );
    const { container } = render(<KnowledgeQueryView artifact={artifact} />);
    expect(screen.getByRole("heading", { name: "MCP tool servers" })).toBeInTheDocument();
    expect(screen.getByText("streamable HTTP").tagName).toBe("STRONG");
    expect(screen.getByText("(mcp.md)")).toBeInTheDocument();
    const box = container.querySelector("[data-found]");
    expect(box).toHaveAttribute("data-found", "false");
    expect(box).toHaveClass("border-yellow-500/40");
  });
});
