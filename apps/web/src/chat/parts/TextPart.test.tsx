import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TextPart } from "./TextPart.js";

describe("TextPart", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders markdown with GFM tables", () => {
    render(<TextPart text={"# Plan\n\n**bold** text\n\n| a | b |\n| - | - |\n| 1 | 2 |"} />);
    expect(screen.getByRole("heading", { level: 1, name: "Plan" })).toBeInTheDocument();
    expect(screen.getByText("bold").tagName).toBe("STRONG");
    expect(screen.getByRole("table")).toHaveTextContent("12");
  });

  it("opens links in a new tab without opener, referrer or ranking", () => {
    render(<TextPart text="See [the docs](https://example.com/docs)." />);
    const link = screen.getByRole("link", { name: "the docs" });
    expect(link).toHaveAttribute("href", "https://example.com/docs");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  });

  it("never lets script, event handlers or javascript: links reach the DOM", () => {
    const { container } = render(
      <TextPart
        text={
          'Hello there, this is a reply.\n\nHi <script>window.hacked = true</script>\n\nA picture: <img src="x" onerror="window.hacked = true">\n\n[click](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(screen.getByText("click").getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("shows text that looks like code as a preformatted block", () => {
    const code = "function add(a, b) {\n  return a + b;\n}";
    const { container } = render(<TextPart text={code} />);
    const pre = container.querySelector("pre");
    expect(pre).not.toBeNull();
    expect(pre?.textContent).toBe(code);
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("renders every block of a streamed reply as it grows", () => {
    const { rerender } = render(<TextPart text="First paragraph." />);
    rerender(<TextPart text={"First paragraph.\n\nSecond"} />);
    rerender(<TextPart text={"First paragraph.\n\nSecond paragraph, now longer."} />);
    expect(screen.getByText("First paragraph.")).toBeInTheDocument();
    expect(screen.getByText("Second paragraph, now longer.")).toBeInTheDocument();
  });

  it("copies the raw text with a 2 second 'Copied!' confirmation", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<TextPart text="**hello**" />);
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith("**hello**");
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
  });
});
