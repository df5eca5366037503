import { render } from "@testing-library/react";
import Markdown from "react-markdown";
import { describe, expect, it, vi } from "vitest";
import { TextPart } from "./TextPart.js";

// Counts parser runs: each call of the Markdown component parses its block once.
vi.mock("react-markdown", async (importOriginal) => {
  const original = await importOriginal<typeof import("react-markdown")>();
  return { ...original, default: vi.fn(original.default) };
});

describe("TextPart while streaming", () => {
  it("parses only the last, growing block per token however long the reply is", () => {
    const parse = vi.mocked(Markdown);
    const paragraphs = Array.from({ length: 50 }, (_, i) => `Paragraph ${i} has some words.`);
    const reply = paragraphs.join("\n\n");
    const { rerender, container } = render(<TextPart text={reply.slice(0, 1)} />);
    const tokens = reply.match(/\S+\s*/g) ?? [];
    let text = "";
    for (const token of tokens) {
      text += token;
      parse.mockClear();
      rerender(<TextPart text={text} />);
      // One parse when the token grows the last block; at most two when it starts a new one.
      expect(parse.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(parse.mock.calls.length).toBeLessThanOrEqual(2);
    }
    expect(container.querySelectorAll("p")).toHaveLength(50);
  });
});
