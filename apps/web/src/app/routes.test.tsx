import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "./routes.js";

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("routes", () => {
  beforeEach(() => {
    // The chat page asks the server for its health; no server runs in jsdom.
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("renders the landing page at /", () => {
    renderAt("/");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/Chat with AI agents/);
    expect(screen.getByRole("link", { name: "Start chatting" })).toHaveAttribute("href", "/chat");
  });

  it("renders the chat shell at /chat and reports an unreachable server", async () => {
    renderAt("/chat");
    expect(screen.getByRole("heading", { name: "Conversation" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Connecting to server...");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Server unreachable: Network error. Please check your connection and try again.",
    );
  });

  it("renders a not-found page for unknown paths", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });
});
