import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FilePart } from "./FilePart.js";
import { maxPreviewChars, previewText } from "./FilePreview.js";

afterEach(cleanup);

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("a file part's inline preview", () => {
  it("plays audio from its bytes", () => {
    render(<FilePart file={{ name: "chime.wav", mimeType: "audio/wav", bytes: "UklGRg==" }} />);
    const audio = screen.getByLabelText("Play chime.wav");
    expect(audio.tagName).toBe("AUDIO");
    expect(audio).toHaveAttribute("src", "data:audio/wav;base64,UklGRg==");
    expect(audio).toHaveAttribute("controls");
  });

  it("opens a text file (an embedded resource) to show its text, UTF-8 decoded, and closes it", async () => {
    const user = userEvent.setup();
    render(
      <FilePart
        file={{ name: "notes.md", mimeType: "text/markdown", bytes: base64("Grüße — ok") }}
      />,
    );
    expect(screen.queryByLabelText("Contents of notes.md")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open notes.md" }));
    expect(screen.getByLabelText("Contents of notes.md")).toHaveTextContent("Grüße — ok");
    await user.click(screen.getByRole("button", { name: "Close notes.md" }));
    expect(screen.queryByLabelText("Contents of notes.md")).not.toBeInTheDocument();
  });

  it("offers no Open for binary files or files without bytes", () => {
    render(
      <>
        <FilePart file={{ name: "a.bin", mimeType: "application/octet-stream", bytes: "AAE=" }} />
        <FilePart file={{ name: "b.txt", mimeType: "text/plain", uri: "https://x.test/b.txt" }} />
      </>,
    );
    expect(screen.queryByRole("button", { name: /^Open/ })).not.toBeInTheDocument();
  });

  it("cuts a long text at the preview limit", () => {
    const text = previewText(base64("x".repeat(maxPreviewChars + 5)));
    expect(text).toHaveLength(maxPreviewChars + 1);
    expect(text.endsWith("…")).toBe(true);
  });
});
