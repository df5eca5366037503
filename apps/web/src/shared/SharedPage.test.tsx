import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readShare } from "../api/conversations-api.js";
import { ApiError } from "../lib/api-error.js";
import { SharedPage } from "./SharedPage.js";

vi.mock("../api/conversations-api.js", () => ({ readShare: vi.fn() }));
const read = vi.mocked(readShare);

const page = (id: string) =>
  render(
    <MemoryRouter initialEntries={[`/shared?id=${id}`]}>
      <SharedPage />
    </MemoryRouter>,
  );

describe("SharedPage", () => {
  beforeEach(() => read.mockReset());

  it("shows the shared messages with their authors and the artifacts after their message", async () => {
    read.mockResolvedValue({
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
    expect(read).toHaveBeenCalledWith("abc");
    expect(screen.getByText("Shared conversation · read-only")).toBeTruthy();
    const reply = screen.getByRole("region", { name: "Message from Chef" });
    expect(reply.querySelector("strong")?.textContent).toBe("Leek");
    expect(reply.textContent).toContain("Artifact: List");
    expect(screen.getByRole("region", { name: "Your message" }).textContent).toContain("A soup?");
  });

  it("says when the link was revoked", async () => {
    read.mockRejectedValue(new ApiError("This shared link does not exist or was revoked", 404));
    page("gone");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This shared link does not exist or was revoked",
    );
  });
});
