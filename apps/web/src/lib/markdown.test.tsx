import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.js";

function show(text: string, components?: Parameters<typeof renderMarkdown>[1]) {
  return render(<div>{renderMarkdown(text, components)}</div>).container;
}

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured markdown: tables, strikethrough, task lists, autolinks", () => {
    const container = show(
      "| Planet | Moons |\n| --- | --- |\n| Mars | 2 |\n\n~~gone~~ and www.example.com\n\n- [x] done",
    );
    expect(screen.getByRole("table")).toHaveTextContent("PlanetMoonsMars2");
    expect(container.querySelector("del")).toHaveTextContent("gone");
    expect(screen.getByRole("link", { name: "www.example.com" })).toHaveAttribute(
      "href",
      "http://www.example.com",
    );
    expect(screen.getByRole("checkbox")).toBeChecked();
  });

  it("drops raw HTML, scripts, event handlers and javascript: links", () => {
    const container = show(
      'Hi <script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\n[click](javascript:alert(1)) <b>bold</b>',
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.innerHTML).not.toContain("onerror");
    expect(screen.getByText("click").getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("uses the given components for elements", () => {
    show("[docs](https://example.com/docs)", {
      a: ({ node: _node, ...props }) => <a {...props} data-custom="yes" />,
    });
    expect(screen.getByRole("link", { name: "docs" })).toHaveAttribute("data-custom", "yes");
  });

  it("keeps code blocks with their language class", () => {
    const container = show("```ts\nconst a = 1;\n```");
    expect(container.querySelector("pre code")).toHaveTextContent("const a = 1;");
    expect(container.querySelector("pre code")?.className).toContain("language-ts");
  });
});
