import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { markdownForSite, markdownToDocTree, resolveRelative } from "./markdown-doc.js";

const routes: Record<string, string> = {
  "agents.md": "/docs/agents",
  "documentation/tools.md": "/documentation/tools",
};
const resolve = (file: string) => routes[file];

describe("docs markdown", () => {
  it("drops the leading title, gives headings GitHub's ids and lists sections", () => {
    const { tree, toc } = markdownToDocTree(
      "# Agents\n\nIntro.\n\n## The agent card\n\n### `POST /x`\n\n## The agent card\n",
      "agents.md",
      resolve,
    );
    const html = toHtml(tree);
    expect(html).not.toContain("<h1");
    expect(html).toContain('<h2 id="the-agent-card">The agent card</h2>');
    expect(html).toContain('<h3 id="post-x"><code>POST /x</code></h3>');
    expect(html).toContain('<h2 id="the-agent-card-1">');
    expect(toc).toEqual([
      { id: "the-agent-card", text: "The agent card", depth: 2 },
      { id: "post-x", text: "POST /x", depth: 3 },
      { id: "the-agent-card-1", text: "The agent card", depth: 2 },
    ]);
  });

  it("turns links to other docs files into routes and keeps other links", () => {
    const { tree } = markdownToDocTree(
      "[a](../agents.md#the-agent-card) [b](tools.md) [c](https://example.com) [d](#here) [e](/pricing)",
      "documentation/index.md",
      resolve,
    );
    const html = toHtml(tree);
    expect(html).toContain('href="/docs/agents#the-agent-card"');
    expect(html).toContain('href="/documentation/tools"');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="#here"');
    expect(html).toContain('href="/pricing"');
  });

  it("fails on a link to a file that is not a page, naming the file and the link", () => {
    expect(() => markdownToDocTree("[x](missing.md)", "agents.md", resolve)).toThrow(
      'docs/agents.md: the link "missing.md" is not a documentation page',
    );
    expect(() => markdownToDocTree("[x](../../README.md)", "agents.md", resolve)).toThrow(
      'docs/agents.md: the link "../../README.md" is not a documentation page',
    );
  });

  it("sanitises: no raw HTML, no script links", () => {
    const { tree } = markdownToDocTree(
      "<script>alert(1)</script>\n\n[x](javascript:alert(1))",
      "agents.md",
      resolve,
    );
    const html = toHtml(tree);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
  });

  it("points the markdown version's links at the pages' markdown", () => {
    const md = markdownForSite(
      "See [tools](tools.md#run) and [home](/).\n",
      "documentation/x.md",
      resolve,
    );
    expect(md).toBe("See [tools](/documentation/tools.md#run) and [home](/).\n");
  });

  it("resolves relative paths inside docs/ only", () => {
    expect(resolveRelative("documentation/mcp/index.md", "../tools.md")).toBe(
      "documentation/tools.md",
    );
    expect(resolveRelative("agents.md", "./chat.md")).toBe("chat.md");
    expect(resolveRelative("agents.md", "../README.md")).toBeNull();
  });
});
