import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { JsonView } from "./JsonView.js";

describe("JsonView", () => {
  it("shows formatted values with the first two levels open", () => {
    const data = { config: { server: { port: 8080 }, name: "chat", debug: false } };
    render(<JsonView artifact={dataArtifact("json", data, {}, "config_summary")} />);
    expect(screen.getByRole("button", { name: /config/ })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText('"chat"')).toBeInTheDocument();
    expect(screen.getByText("false")).toBeInTheDocument();
    const server = screen.getByRole("button", { name: /server/ });
    expect(server).toHaveAttribute("aria-expanded", "false");
    expect(server).toHaveTextContent("{1 key}");
    expect(screen.queryByText("8080")).not.toBeInTheDocument();
  });

  it("opens and closes nodes", async () => {
    const user = userEvent.setup();
    render(<JsonView artifact={dataArtifact("json", { a: { b: { c: 1 } } })} />);
    await user.click(screen.getByRole("button", { name: /b:/ }));
    expect(screen.getByText("1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /a:/ }));
    expect(screen.queryByText("1")).not.toBeInTheDocument();
  });

  it("cuts long lists short until asked", async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 150 }, (_, i) => `item-${i}`);
    render(<JsonView artifact={dataArtifact("json", { items })} />);
    expect(screen.getByText('"item-99"')).toBeInTheDocument();
    expect(screen.queryByText('"item-100"')).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show all 150" }));
    expect(screen.getByText('"item-149"')).toBeInTheDocument();
  });

  it("shows text parts as text, not as a quoted JSON string", () => {
    render(
      <JsonView
        artifact={makeArtifact("json", [
          { kind: "text", text: "Plain words from an agent" },
          { kind: "text", text: "and more" },
        ])}
      />,
    );
    expect(screen.getByText(/^Plain words from an agent\s+and more$/)).toBeInTheDocument();
    expect(screen.queryByText(/"Plain words/)).not.toBeInTheDocument();
  });

  it("says when there is nothing", () => {
    render(<JsonView artifact={makeArtifact("json", [])} />);
    expect(screen.getByRole("status")).toHaveTextContent("No data available");
  });
});
