import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { CodeView } from "./CodeView.js";

const code = "const a = 1;\nexport function f() {\n  return a;\n}\n";

describe("CodeView", () => {
  it("says 'No code data found' without a code or text part", () => {
    render(<CodeView artifact={dataArtifact("code", { language: "python" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No code data found");
  });

  it("says 'No code available' for empty code", () => {
    render(<CodeView artifact={dataArtifact("code", { code: "  \n" })} />);
    expect(screen.getByRole("status")).toHaveTextContent("No code available");
  });

  it("shows plain code with line numbers at once, then highlights it", async () => {
    const artifact = dataArtifact(
      "code",
      { code, language: "typescript", filename: "f.ts" },
      { tool_name: "code_sample" },
      "Sample",
    );
    const { container } = render(<CodeView artifact={artifact} />);
    const pre = container.querySelector("pre");
    expect(pre).toHaveTextContent("const a = 1;");
    expect(pre).toHaveAttribute("data-highlighted", "false");
    expect(screen.getByText("4")).toBeInTheDocument();
    expect(screen.queryByText("5")).not.toBeInTheDocument();
    expect(screen.getByText("f.ts")).toBeInTheDocument();
    expect(screen.getByText("code_sample")).toBeInTheDocument();
    await waitFor(() => expect(pre).toHaveAttribute("data-highlighted", "true"), {
      timeout: 10_000,
    });
    expect(pre?.querySelector("span[style*='color']")).not.toBeNull();
    expect(pre).toHaveTextContent("export function f()");
  });

  it("hides line numbers when the hints say so and reads a text part", () => {
    const artifact = makeArtifact("code", [{ kind: "text", text: "one\ntwo" }], {
      rendering_hints: { line_numbers: false },
    });
    render(<CodeView artifact={artifact} />);
    expect(screen.getByText("one")).toBeInTheDocument();
    expect(screen.queryByText("1")).not.toBeInTheDocument();
  });
});
