import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { TreeView } from "./TreeView.js";

const project = {
  name: "a2a-chat",
  status: "healthy",
  children: [
    {
      name: "apps",
      children: [{ name: "server", status: "active", children: [{ name: "src" }] }],
    },
    { name: "docs", metadata: { type: "page", title: "Docs" } },
  ],
};

describe("TreeView", () => {
  it("says 'Invalid tree data' without a data part", () => {
    render(<TreeView artifact={makeArtifact("tree", [{ kind: "text", text: "x" }])} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid tree data");
  });

  it("needs a string name", () => {
    render(<TreeView artifact={dataArtifact("tree", { children: [] })} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Data must be tree structure with name property",
    );
  });

  it("opens two levels by default and collapses the rest", () => {
    render(<TreeView artifact={dataArtifact("tree", project)} />);
    expect(screen.getByRole("button", { name: /a2a-chat/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByRole("button", { name: /apps/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: /server/ })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    expect(screen.queryByText("src")).not.toBeInTheDocument();
    expect(screen.getByText("healthy")).toHaveClass("text-green-300");
    expect(screen.getByText("title: Docs")).toBeInTheDocument();
  });

  it("toggles a node on click and on Enter", async () => {
    const user = userEvent.setup();
    render(<TreeView artifact={dataArtifact("tree", project)} />);
    const server = screen.getByRole("button", { name: /server/ });
    await user.click(server);
    expect(server).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("src")).toBeInTheDocument();
    server.focus();
    await user.keyboard("{Enter}");
    expect(server).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("src")).not.toBeInTheDocument();
  });

  it("honours default_expanded_levels", () => {
    const artifact = dataArtifact("tree", project, {
      rendering_hints: { default_expanded_levels: 1 },
    });
    render(<TreeView artifact={artifact} />);
    expect(screen.getByRole("button", { name: /apps/ })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("server")).not.toBeInTheDocument();
  });
});
