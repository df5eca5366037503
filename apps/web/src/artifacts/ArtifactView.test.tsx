import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ArtifactView, loadingViewerText, viewerFor } from "./ArtifactView.js";
import { GenericArtifactView } from "./GenericArtifactView.js";
import { MarkdownView } from "./markdown/MarkdownView.js";
import { dataArtifact, makeArtifact } from "./test/artifact-fixture.js";

describe("viewerFor", () => {
  it("picks one viewer per kind (loaded on demand), markdown and text sharing one", () => {
    const kinds = [
      "table",
      "chart",
      "code",
      "tree",
      "form",
      "dashboard",
      "presentation_card",
      "knowledge_query",
      "json",
    ];
    const found = kinds.map(viewerFor);
    expect(new Set(found).size).toBe(kinds.length);
    expect(found).not.toContain(GenericArtifactView);
    expect(viewerFor("markdown")).toBe(MarkdownView);
    expect(viewerFor("text")).toBe(MarkdownView);
  });

  it("falls back to the generic view, also for prototype names", () => {
    expect(viewerFor("hologram")).toBe(GenericArtifactView);
    expect(viewerFor("constructor")).toBe(GenericArtifactView);
  });
});

describe("ArtifactView", () => {
  it("renders the viewer of the artifact's type once its code has loaded", async () => {
    render(<ArtifactView artifact={dataArtifact("table", { items: [{ planet: "Mars" }] })} />);
    expect(screen.getByText(loadingViewerText("table"))).toBeInTheDocument();
    expect(await screen.findByRole("table")).toHaveTextContent("Mars");
    expect(loadingViewerText("presentation_card")).toBe("Loading presentation card...");
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

  it("shows an Updating badge while streaming", async () => {
    render(<ArtifactView artifact={dataArtifact("json", { a: 1 })} streaming />);
    expect(await screen.findByText("Updating")).toBeInTheDocument();
  });

  it("falls back to the generic view when a viewer throws", async () => {
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
    expect(await screen.findByText("Type:")).toHaveTextContent("Type: chart");
    quiet.mockRestore();
    warn.mockRestore();
    expect(screen.getByText(/"kept": true/)).toBeInTheDocument();
  });
});
