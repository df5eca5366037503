import { describe, expect, it } from "vitest";
import { readPresentationCard, sentMarkMs, themeClasses } from "./presentation-card-data.js";

describe("readPresentationCard", () => {
  it("reads title, subtitle, icon, theme, sections and ctas", () => {
    expect(
      readPresentationCard({
        title: "Welcome",
        subtitle: "Hi",
        icon: "sparkles",
        theme: "gradient",
        sections: [{ icon: "key", heading: "Keep", content: "Sign in" }, { icon: "x" }, 3],
        ctas: [
          { id: "a", label: "Orders", message: "Show orders", variant: "secondary", icon: "table" },
          { label: "No message" },
          { label: "Chart", message: "Chart it", variant: "weird" },
        ],
      }),
    ).toEqual({
      title: "Welcome",
      subtitle: "Hi",
      icon: "sparkles",
      theme: "gradient",
      sections: [{ icon: "key", heading: "Keep", content: "Sign in" }],
      ctas: [
        { id: "a", label: "Orders", message: "Show orders", variant: "secondary", icon: "table" },
        { id: "cta-2", label: "Chart", message: "Chart it", variant: "primary" },
      ],
    });
  });

  it("needs a title", () => {
    expect(readPresentationCard({ subtitle: "x" })).toBeNull();
    expect(readPresentationCard(null)).toBeNull();
  });

  it("defaults the theme and lists", () => {
    expect(readPresentationCard({ title: "T" })).toEqual({
      title: "T",
      theme: "default",
      sections: [],
      ctas: [],
    });
  });
});

describe("card constants and themes", () => {
  it("shows the sent mark for 1.5 s", () => {
    expect(sentMarkMs).toBe(1500);
  });

  it("maps themes to classes", () => {
    expect(themeClasses("gradient")).toContain("bg-gradient-to-br");
    expect(themeClasses("Info")).toContain("bg-blue-500/10");
    expect(themeClasses("unknown")).toBe("bg-surface border-border");
  });
});
