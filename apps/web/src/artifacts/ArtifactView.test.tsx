import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ArtifactView, viewerFor } from "./ArtifactView.js";
import { ChartView } from "./chart/ChartView.js";
import { CodeView } from "./code/CodeView.js";
import { DashboardView } from "./dashboard/DashboardView.js";
import { FormView } from "./form/FormView.js";
import { GenericArtifactView } from "./GenericArtifactView.js";
import { JsonView } from "./json/JsonView.js";
import { KnowledgeQueryView } from "./knowledge-query/KnowledgeQueryView.js";
import { MarkdownView } from "./markdown/MarkdownView.js";
import { PresentationCardView } from "./presentation-card/PresentationCardView.js";
import { TableView } from "./table/TableView.js";
import { dataArtifact, makeArtifact } from "./test/artifact-fixture.js";
import { TreeView } from "./tree/TreeView.js";

describe("viewerFor", () => {
  it("picks one viewer per kind", () => {
    expect(viewerFor("table")).toBe(TableView);
    expect(viewerFor("chart")).toBe(ChartView);
    expect(viewerFor("code")).toBe(CodeView);
    expect(viewerFor("tree")).toBe(TreeView);
    expect(viewerFor("form")).toBe(FormView);
    expect(viewerFor("dashboard")).toBe(DashboardView);
    expect(viewerFor("presentation_card")).toBe(PresentationCardView);
    expect(viewerFor("knowledge_query")).toBe(KnowledgeQueryView);
    expect(viewerFor("markdown")).toBe(MarkdownView);
    expect(viewerFor("text")).toBe(MarkdownView);
    expect(viewerFor("json")).toBe(JsonView);
  });

  it("falls back to the generic view, also for prototype names", () => {
    expect(viewerFor("hologram")).toBe(GenericArtifactView);
    expect(viewerFor("constructor")).toBe(GenericArtifactView);
  });
});

describe("ArtifactView", () => {
  it("renders the viewer of the artifact's type", () => {
    render(<ArtifactView artifact={dataArtifact("table", { items: [{ planet: "Mars" }] })} />);
    expect(screen.getByRole("table")).toHaveTextContent("Mars");
  });

  it("shows unknown kinds with name, type and parts", () => {
    const artifact = makeArtifact(
      "hologram",
      [
        { kind: "text", text: "plain words" },
        { kind: "data", data: { a: 1 } },
        { kind: "file", file: { name: "x.png", mimeType: "image/png", bytes: "AAAA" } },
      ],
      { tool_name: "projector" },
      "Holo",
    );
    render(<ArtifactView artifact={artifact} />);
    expect(screen.getByRole("heading", { name: "Holo" })).toBeInTheDocument();
    expect(screen.getByText("hologram")).toBeInTheDocument();
    expect(screen.getByText("projector")).toBeInTheDocument();
    expect(screen.getByText("plain words")).toBeInTheDocument();
    expect(screen.getByText(/"a": 1/)).toBeInTheDocument();
    expect(screen.getByText(/"bytes": "4 base64 characters"/)).toBeInTheDocument();
  });

  it("shows an Updating badge while streaming", () => {
    render(<ArtifactView artifact={dataArtifact("json", { a: 1 })} streaming />);
    expect(screen.getByText("Updating")).toBeInTheDocument();
  });

  it("falls back to the generic view when a viewer throws", () => {
    // A throwing (hidden) getter stands in for any data a viewer cannot cope with.
    const data: Record<string, unknown> = { kept: true };
    Object.defineProperty(data, "labels", {
      enumerable: false,
      get() {
        throw new Error("bad data");
      },
    });
    const artifact = makeArtifact("chart", [{ kind: "data", data }], {}, "Broken");
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<ArtifactView artifact={artifact} />);
    quiet.mockRestore();
    warn.mockRestore();
    expect(screen.getByText("Type:")).toHaveTextContent("Type: chart");
    expect(screen.getByText(/"kept": true/)).toBeInTheDocument();
  });
});
