import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../stores/auth-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
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

describe("FilePart of a file uploaded here", () => {
  const uri = `${window.location.origin}/api/v1/core/files/f-photo`;
  let requests: { url: string; authorization: string | null }[];

  beforeEach(() => {
    resetAllStores();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    requests = [];
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      requests.push({ url: input, authorization: new Headers(init?.headers).get("authorization") });
      return input.endsWith("f-gone")
        ? new Response(JSON.stringify({ error: "not_found", message: "File not found" }), {
            status: 404,
            headers: { "content-type": "application/json" },
          })
        : new Response("png bytes", { headers: { "content-type": "image/png" } });
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:local-photo" }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("previews the image from bytes read with the session's token, and shows the stated size", async () => {
    render(<FilePart file={{ name: "photo.png", mimeType: "image/png", uri }} size={3_500_000} />);
    expect(await screen.findByRole("img", { name: "photo.png" })).toHaveAttribute(
      "src",
      "blob:local-photo",
    );
    expect(requests).toEqual([
      { url: uri, authorization: `Bearer ${useAuthStore.getState().accessToken}` },
    ]);
    expect(screen.getByText(/image\/png/)).toHaveTextContent("image/png · 3.34 MB");
    expect(screen.getByRole("button", { name: "Download photo.png" })).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("says when the file cannot be loaded", async () => {
    const gone = `${window.location.origin}/api/v1/core/files/f-gone`;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<FilePart file={{ name: "old.png", mimeType: "image/png", uri: gone }} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This file could not be loaded.");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("never sends the token to a link on another site", () => {
    render(
      <FilePart
        file={{
          name: "x.png",
          mimeType: "image/png",
          uri: "https://other.test/api/v1/core/files/f-1",
        }}
      />,
    );
    expect(requests).toEqual([]);
    expect(screen.getByRole("img", { name: "x.png" })).toHaveAttribute(
      "src",
      "https://other.test/api/v1/core/files/f-1",
    );
  });
});
