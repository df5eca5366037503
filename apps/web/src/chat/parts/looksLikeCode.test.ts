import { describe, expect, it } from "vitest";
import { looksLikeCode } from "./looksLikeCode.js";

describe("looksLikeCode", () => {
  it("recognises JavaScript", () => {
    expect(
      looksLikeCode("import { a } from './a';\n\nfunction add(x, y) {\n  return x + y;\n}\n"),
    ).toBe(true);
  });

  it("recognises Python", () => {
    expect(looksLikeCode("def greet(name):\n    print(name)\n\ngreet('world')")).toBe(true);
  });

  it("recognises JSON, even when only its start was sampled", () => {
    expect(looksLikeCode('{\n  "name": "a",\n  "count": 2\n}')).toBe(true);
    expect(looksLikeCode(`{\n  "items": [${"1, ".repeat(2000)}`)).toBe(true);
  });

  it("recognises markup", () => {
    expect(looksLikeCode("<div>\n  <span>hi</span>\n</div>")).toBe(true);
  });

  it("treats prose as markdown", () => {
    expect(looksLikeCode("Hello! How can I help you today?")).toBe(false);
    expect(
      looksLikeCode(
        "Here is the plan for tomorrow.\nWe meet at nine and review the results.\nThen lunch.",
      ),
    ).toBe(false);
  });

  it("treats markdown lists, headings and fenced code as markdown", () => {
    expect(looksLikeCode("# Steps\n- install the app (it is quick)\n- run it: npm start")).toBe(
      false,
    );
    expect(looksLikeCode("Example:\n\n```js\nconst a = 1;\nconst b = 2;\n```")).toBe(false);
  });

  it("treats a single line or empty text as not code", () => {
    expect(looksLikeCode("const a = 1;")).toBe(false);
    expect(looksLikeCode("   ")).toBe(false);
  });
});

describe("looksLikeCode on markdown links", () => {
  it("does not take lines ending in a link for code", () => {
    expect(
      looksLikeCode("Read this:\n[the guide](https://x.test/guide)\n[the faq](https://x.test)"),
    ).toBe(false);
  });
});
