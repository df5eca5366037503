import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ArtifactView, viewerFor } from "../ArtifactView.js";
import { makeArtifact } from "../test/artifact-fixture.js";
import { FilesView } from "./FilesView.js";

const png = { kind: "file" as const, file: { mimeType: "image/png", bytes: "iVBORw0KGgo=" } };
const pdf = {
  kind: "file" as const,
  file: { name: "report.pdf", mimeType: "application/pdf", uri: "https://x.test/report.pdf" },
};

describe("tool results with files", () => {
  it("shows a file artifact's images inline and its files with download links", () => {
    expect(viewerFor("file")).toBe(FilesView);
    render(
      <ArtifactView
        artifact={makeArtifact("file", [{ kind: "text", text: "Your picture" }, png, pdf])}
      />,
    );
    expect(screen.getByText("Your picture")).toBeInTheDocument();
    const image = screen.getByRole("img");
    expect(image).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=");
    expect(screen.getByRole("link", { name: "Download report.pdf" })).toHaveAttribute(
      "href",
      "https://x.test/report.pdf",
    );
    // Shown once: the files viewer shows them itself.
    expect(screen.getAllByRole("list", { name: "Files" })).toHaveLength(1);
  });

  it("shows the images of a text or data result below its viewer", async () => {
    render(
      <ArtifactView
        artifact={makeArtifact("markdown", [{ kind: "text", text: "Here it is" }, png])}
      />,
    );
    expect(await screen.findByText("Here it is")).toBeInTheDocument();
    const files = screen.getByRole("list", { name: "Files" });
    expect(within(files).getByRole("img")).toHaveAttribute(
      "src",
      "data:image/png;base64,iVBORw0KGgo=",
    );
  });

  it("keeps a JSON view's tree free of the files' bytes", async () => {
    render(
      <ArtifactView artifact={makeArtifact("json", [{ kind: "data", data: { rows: 2 } }, png])} />,
    );
    expect(await screen.findByText("2")).toBeInTheDocument();
    expect(screen.queryByText(/iVBORw0KGgo/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Files" })).getByRole("img"),
    ).toBeInTheDocument();
  });
});
