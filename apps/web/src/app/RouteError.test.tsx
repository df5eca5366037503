import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouteError } from "./RouteError.js";

function renderFailing(fail: () => never) {
  const Crash = () => fail();
  const router = createMemoryRouter([
    { path: "/", errorElement: <RouteError />, element: <Crash /> },
    {
      path: "/loaded",
      errorElement: <RouteError />,
      loader: () => fail(),
      element: <p>loaded</p>,
    },
  ]);
  return router;
}

describe("RouteError", () => {
  beforeEach(() => {
    // React and the router report the caught errors on the console; that noise is expected.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Unexpected Application Error!' with the message for a thrown error", async () => {
    const router = renderFailing(() => {
      throw new Error("Boom in render");
    });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Boom in render")).toBeInTheDocument();
    expect(screen.queryByText("An unexpected error occurred")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Home" })).toBeInTheDocument();

    // The stack is there, folded away until asked for.
    const details = screen.getByText("Details").closest("details");
    expect(details).not.toHaveAttribute("open");
    await userEvent.setup().click(screen.getByText("Details"));
    expect(details).toHaveAttribute("open");
    expect(details).toHaveTextContent("Boom in render");
  });

  it("shows the same heading for a thrown value that is not an Error", async () => {
    const router = renderFailing(() => {
      throw "plain string";
    });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByText("plain string", { selector: "pre" })).toBeInTheDocument();
  });

  it("shows the status page for an error response, defaulting to 'An unexpected error occurred'", async () => {
    const router = renderFailing(() => {
      throw data({ reason: "gone" }, { status: 404, statusText: "" });
    });
    await router.navigate("/loaded");
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("404")).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 1, name: "An unexpected error occurred" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
    expect(screen.getByText(/"reason": "gone"/, { selector: "pre" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Home" })).toBeInTheDocument();
  });

  it("shows the response's own status text when it has one", async () => {
    const router = renderFailing(() => {
      throw data("No such thing", { status: 403, statusText: "Forbidden" });
    });
    await router.navigate("/loaded");
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("403")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Forbidden" })).toBeInTheDocument();
    expect(screen.getByText("No such thing", { selector: "pre" })).toBeInTheDocument();
  });
});
