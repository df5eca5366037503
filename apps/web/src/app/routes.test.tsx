import { spaRoutes } from "@a2a-chat/contracts";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { routes } from "./routes.js";

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("routes", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    // No server runs in jsdom: every call fails like an unreachable network.
    fetchMock = vi.fn<FetchLike>(async () => {
      throw new TypeError("fetch failed");
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("has exactly the routes the server sends the app's shell for", () => {
    const paths = (routes[0]?.children ?? []).map((route) => route.path).filter((p) => p !== "*");
    expect([...paths].sort()).toEqual([...spaRoutes].sort());
  });

  it("shows the not-found page for a path that is not the app's, without asking for a session", () => {
    renderAt("/elsewhere");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Home" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sets up a session before showing the chat", () => {
    renderAt("/chat");
    expect(screen.getByRole("heading", { name: "Initializing" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Conversation:/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/oauth/session");
  });

  it("renders the chat shell at /chat with the user button and reports an unreachable server", async () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    renderAt("/chat");
    expect(
      screen.getByRole("button", { name: "Conversation: Loading conversations..." }),
    ).toBeInTheDocument();
    // The tools column shows its own loading status beside this one.
    expect(screen.getByText("Connecting to server...")).toHaveAttribute("role", "status");
    // Waited for, not read at once: in a clean-clone CI run on a loaded machine the pane's text
    // was not there yet right after the first render.
    expect(
      await screen.findByText("Loading conversations...", { selector: "main p" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anonymous (Guest)" })).toBeInTheDocument();
    expect(
      await screen.findByText(
        "Server unreachable: Network error. Please check your connection and try again.",
      ),
    ).toHaveAttribute("role", "alert");
    // The agents panel asks the registry too and says so when it cannot.
    expect(await screen.findByText("Failed to discover agents from registry")).toBeInTheDocument();
    // So does the tools column, with the failure's own message.
    const tools = screen.getByRole("complementary", { name: "Tools" });
    expect(await within(tools).findByRole("alert")).toHaveTextContent(
      "Network error. Please check your connection and try again.",
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/api/v1/mcp/registry");
    // The live stream is opened too; with no server it waits to reconnect.
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/api/v1/stream/contexts");
  });

  it("renders a not-found page for unknown paths", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });
});
