import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FilePart } from "./FilePart.js";

describe("FilePart", () => {
  it("shows name, type, size from the base64 length and a data: download link", () => {
    render(
      <FilePart file={{ name: "notes.txt", mimeType: "text/plain", bytes: "a".repeat(4096) }} />,
    );
    expect(screen.getByText("notes.txt")).toBeInTheDocument();
    expect(screen.getByText(/text\/plain/)).toHaveTextContent("text/plain · 3.00 KB");
    const download = screen.getByRole("link", { name: "Download notes.txt" });
    expect(download).toHaveAttribute("href", `data:text/plain;base64,${"a".repeat(4096)}`);
    expect(download).toHaveAttribute("download", "notes.txt");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("says 'Unnamed file' when the file has no name", () => {
    render(<FilePart file={{ mimeType: "application/pdf", uri: "https://x.test/r.pdf" }} />);
    expect(screen.getByText("Unnamed file")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download Unnamed file" })).toHaveAttribute(
      "href",
      "https://x.test/r.pdf",
    );
  });

  it("previews an image from inline bytes", () => {
    render(<FilePart file={{ name: "dot.png", mimeType: "image/png", bytes: "iVBORw0K" }} />);
    expect(screen.getByRole("img", { name: "dot.png" })).toHaveAttribute(
      "src",
      "data:image/png;base64,iVBORw0K",
    );
  });

  it("previews an image from a link", () => {
    render(<FilePart file={{ name: "cat", mimeType: "image/jpeg", uri: "https://x.test/cat" }} />);
    expect(screen.getByRole("img", { name: "cat" })).toHaveAttribute("src", "https://x.test/cat");
  });

  it("offers neither download nor preview for an unsafe link", () => {
    render(
      <FilePart file={{ name: "x.png", mimeType: "image/png", uri: "javascript:alert(1)" }} />,
    );
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
