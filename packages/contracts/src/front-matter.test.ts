import { describe, expect, it } from "vitest";
import { readFrontMatter, readFrontMatterLoosely, splitFrontMatter } from "./front-matter.js";

const page = (fields: string, body = "# Hello\n\nText.\n") => `---\n${fields}\n---\n${body}`;
const complete = [
  "title: Tools",
  "description: Listing and running tools.",
  "author: A2A Chat team",
  "date: 2024-04-04",
].join("\n");

describe("front matter", () => {
  it("splits the --- block from the body", () => {
    expect(splitFrontMatter(page("title: A"))).toEqual({
      yaml: "title: A",
      body: "# Hello\n\nText.\n",
    });
    expect(splitFrontMatter("# No front matter\n")).toEqual({
      yaml: null,
      body: "# No front matter\n",
    });
  });

  it("reads every field, keywords as a list or a line", () => {
    const { meta, body } = readFrontMatter(
      page(
        `${complete}\nkeywords: [mcp, tools]\nimage: /og.png\nslug: documentation/tools\nkey: tools`,
      ),
      "docs/tools.md",
    );
    expect(meta).toMatchObject({
      title: "Tools",
      description: "Listing and running tools.",
      author: "A2A Chat team",
      date: "2024-04-04",
      keywords: ["mcp", "tools"],
      image: "/og.png",
      slug: "documentation/tools",
      key: "tools",
    });
    expect(body).toBe("# Hello\n\nText.\n");
    expect(readFrontMatter(page(`${complete}\nkeywords: a, b ,c`), "x.md").meta.keywords).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it.each(["title", "description", "author", "date"])(
    "names the file and a missing %s",
    (field) => {
      const without = complete
        .split("\n")
        .filter((line) => !line.startsWith(`${field}:`))
        .join("\n");
      expect(() => readFrontMatter(page(without), "docs/guide.md")).toThrow(
        `docs/guide.md: front matter is missing the required field "${field}"`,
      );
    },
  );

  it("treats an empty required field as missing", () => {
    expect(() => readFrontMatter(page(complete.replace("Tools", "''")), "a.md")).toThrow(
      'a.md: front matter is missing the required field "title"',
    );
  });

  it("refuses a file without front matter, bad YAML, bad dates and bad slugs", () => {
    expect(() => readFrontMatter("# Hi\n", "docs/x.md")).toThrow(
      "docs/x.md: no front matter; start the file with a --- block giving title, description, author, date",
    );
    expect(() => readFrontMatter(page("title: [unclosed"), "docs/y.md")).toThrow(
      "docs/y.md: front matter is not valid YAML",
    );
    expect(() => readFrontMatter(page(complete.replace("2024-04-04", "April 4")), "d.md")).toThrow(
      'd.md: front-matter field "date" must be a date like 2024-04-04',
    );
    expect(() =>
      readFrontMatter(page(complete.replace("2024-04-04", "2024-02-31x")), "d.md"),
    ).toThrow('field "date"');
    expect(() => readFrontMatter(page(`${complete}\nslug: Bad Slug`), "s.md")).toThrow(
      's.md: front-matter field "slug" must be lower-case words joined by - and /',
    );
  });

  it("never evaluates anything: an unknown tag stays plain text", () => {
    const { meta } = readFrontMatter(
      page(`${complete}\nicon: !!js/function "function(){}"`),
      "t.md",
    );
    expect(meta.icon).toBe("function(){}");
  });

  it("reads loosely for tools that only need a title", () => {
    expect(readFrontMatterLoosely(page("title: A")).fields).toEqual({ title: "A" });
    expect(readFrontMatterLoosely(page("title: [")).fields).toEqual({});
    expect(readFrontMatterLoosely("plain").body).toBe("plain");
  });
});
