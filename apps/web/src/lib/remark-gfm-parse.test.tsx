import { render, screen } from "@testing-library/react";
import Markdown from "react-markdown";
import { describe, expect, it } from "vitest";
import { remarkGfmParse } from "./remark-gfm-parse.js";

describe("remarkGfmParse", () => {
  it("reads GitHub-flavoured tables, strikethrough, task lists and autolinks", () => {
    const text = [
      "| Planet | Moons |",
      "| --- | --- |",
      "| Mars | 2 |",
      "",
      "~~gone~~ and www.example.com",
      "",
      "- [x] done",
    ].join("\n");
    const { container } = render(<Markdown remarkPlugins={[remarkGfmParse]}>{text}</Markdown>);
    expect(screen.getByRole("table")).toHaveTextContent("PlanetMoonsMars2");
    expect(container.querySelector("del")).toHaveTextContent("gone");
    expect(screen.getByRole("link", { name: "www.example.com" })).toHaveAttribute(
      "href",
      "http://www.example.com",
    );
    expect(screen.getByRole("checkbox")).toBeChecked();
  });

  it("leaves plain markdown without them as before", () => {
    const { container } = render(<Markdown>{"~~gone~~"}</Markdown>);
    expect(container.querySelector("del")).toBeNull();
  });
});
