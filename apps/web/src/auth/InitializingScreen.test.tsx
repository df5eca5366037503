import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { InitializingScreen } from "./InitializingScreen.js";

describe("InitializingScreen", () => {
  it("says the session is being set up on the first try", () => {
    render(<InitializingScreen retry={0} />);
    expect(screen.getByRole("heading", { name: "Initializing" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Setting up your session...");
  });

  it("counts the retries", () => {
    render(<InitializingScreen retry={2} />);
    expect(screen.getByRole("status")).toHaveTextContent("Retrying authentication (2/3)...");
  });
});
