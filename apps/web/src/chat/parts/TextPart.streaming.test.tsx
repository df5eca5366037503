import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseMarkdown } from "../../lib/markdown.js";
import { TextPart } from "./TextPart.js";

// Counts parser runs: each call parses one block once.
vi.mock("../../lib/markdown.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../lib/markdown.js")>();
  return { ...original, parseMarkdown: vi.fn(original.parseMarkdown) };
});

const paragraphs = Array.from(
  { length: 50 },
  (_, i) => `Paragraph ${i} has some words, then **bold** ones and more plain words`,
);
const reply = paragraphs.join("\n\n");
const tokens = reply.match(/\S+\s*/g) ?? [];

describe("TextPart while streaming", () => {
  afterEach(() => vi.mocked(parseMarkdown).mockClear());

  it("parses only the last, growing block per token however long the reply is", () => {
    const parse = vi.mocked(parseMarkdown);
    const { rerender, container } = render(<TextPart text={reply.slice(0, 1)} />);
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

  it("extends the growing block's parse for plain words and ends with a full parse", () => {
    const parse = vi.mocked(parseMarkdown);
    const { rerender, container } = render(<TextPart text={reply.slice(0, 1)} streaming />);
    let text = "";
    for (const token of tokens) {
      text += token;
      rerender(<TextPart text={text} streaming />);
    }
    // Most tokens are plain words: far fewer parses than tokens.
    expect(parse.mock.calls.length).toBeLessThan(tokens.length / 2);
    parse.mockClear();
    rerender(<TextPart text={text} streaming={false} />);
    // The last block is parsed in full once the reply is complete; the others are kept.
    expect(parse).toHaveBeenCalledTimes(1);
    const fresh = render(<TextPart text={text} />).container;
    expect(container.innerHTML).toBe(fresh.innerHTML);
    expect(container.querySelectorAll("strong")).toHaveLength(50);
  });
});
