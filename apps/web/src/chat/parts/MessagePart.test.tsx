import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessagePart } from "./MessagePart.js";

describe("MessagePart", () => {
  it("renders a text part as markdown", () => {
    render(<MessagePart part={{ kind: "text", text: "**hi**" }} />);
    expect(screen.getByText("hi").tagName).toBe("STRONG");
  });

  it("renders a file part", () => {
    render(<MessagePart part={{ kind: "file", file: { uri: "https://x.test/a.pdf" } }} />);
    expect(screen.getByText("Unnamed file")).toBeInTheDocument();
  });

  it("renders a data part as a 'Data Object' panel", () => {
    render(<MessagePart part={{ kind: "data", data: { a: 1 } }} />);
    expect(screen.getByRole("region", { name: "Data Object" })).toBeInTheDocument();
  });

  it("renders structured data in the 'Structured Data' viewer, updating while streaming", () => {
    const part = { kind: "data" as const, data: { a: 1 }, metadata: { structured: true } };
    const { rerender } = render(<MessagePart part={part} streaming />);
    expect(screen.getByRole("region", { name: "Structured Data" })).toBeInTheDocument();
    expect(screen.getByText("Updating...")).toBeInTheDocument();
    rerender(<MessagePart part={part} />);
    expect(screen.queryByText("Updating...")).not.toBeInTheDocument();
  });
});
