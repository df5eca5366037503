import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SharedPage } from "./SharedPage.js";

/** The server answers the share's read with this body. */
const serve = (body: unknown, status = 200) => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
};

const page = (id: string) =>
  render(
    <MemoryRouter initialEntries={[`/shared?id=${id}`]}>
      <SharedPage />
    </MemoryRouter>,
  );

describe("SharedPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the shared messages with their authors and the artifacts after their message", async () => {
    const fetchMock = serve({
      name: "Soup",
      shared_at: "2026-01-01T00:00:00.000Z",
      messages: [
        {
          role: "user",
          author: "You",
          parts: [{ kind: "text", text: "A soup?" }],
          created_at: "2026-01-01T00:00:00.000Z",
        },
        {
          role: "agent",
          author: "Chef",
          parts: [{ kind: "text", text: "**Leek** soup." }],
          created_at: "2026-01-01T00:00:01.000Z",
        },
      ],
      artifacts: [
        {
          name: "List",
          description: null,
          artifact_type: "table",
          parts: [{ kind: "data", data: { a: 1 } }],
          after_message: 1,
        },
      ],
    });
    page("abc");
    expect(await screen.findByRole("heading", { name: "Soup" })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/public/shares/abc");
    expect(screen.getByText("Shared conversation · read-only")).toBeTruthy();
    const reply = screen.getByRole("region", { name: "Message from Chef" });
    expect(reply.querySelector("strong")?.textContent).toBe("Leek");
    expect(reply.textContent).toContain("Artifact: List");
    expect(screen.getByRole("region", { name: "Your message" }).textContent).toContain("A soup?");
  });

  it("says the link does not exist or was revoked, as the server does, without a session", async () => {
    const fetchMock = serve(
      { error: "not_found", message: "This shared link does not exist or was revoked" },
      404,
    );
    render(
      <MemoryRouter initialEntries={["/shared?id=gone"]}>
        <SharedPage />
      </MemoryRouter>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This shared link does not exist or was revoked",
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/public/shares/gone");
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
  });
});
