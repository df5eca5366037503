import { describe, expect, it } from "vitest";
import { classifyReferrer, type ReferrerClass, referrerClasses } from "./referrer.js";

const site = "chat.example.org";

describe("classifyReferrer", () => {
  const cases: [string | null | undefined, ReferrerClass][] = [
    [null, "direct"],
    [undefined, "direct"],
    ["", "direct"],
    ["   ", "direct"],
    ["https://chat.example.org/docs/agents", "internal"],
    ["http://CHAT.example.org/", "internal"],
    ["https://twitter.com/someone/status/1", "twitter"],
    ["https://mobile.twitter.com/x", "twitter"],
    ["https://t.co/AbCd123", "twitter"],
    ["https://x.com/someone", "twitter"],
    ["https://www.linkedin.com/feed/", "linkedin"],
    ["https://lnkd.in/abc", "linkedin"],
    ["https://www.facebook.com/", "facebook"],
    ["https://l.facebook.com/l.php?u=x", "facebook"],
    ["https://www.reddit.com/r/selfhosted/", "reddit"],
    ["https://old.reddit.com/", "reddit"],
    ["https://www.google.com/", "google"],
    ["https://www.google.co.uk/", "google"],
    ["https://google.de/search?q=a2a", "google"],
    ["https://www.google.com.au/", "google"],
    ["https://www.bing.com/search?q=a2a", "bing"],
    ["https://duckduckgo.com/", "duckduckgo"],
    ["https://example.com/blog", "external"],
    ["https://chat.example.org.evil.test/", "external"],
    ["https://nottwitter.com/", "external"],
    ["https://google.evil.com/", "external"],
    ["https://chat.example.org:8443/", "external"],
    ["not a url", "unknown"],
    ["https://", "unknown"],
    ["//no-scheme.example", "unknown"],
  ];

  it.each(cases)("%s → %s", (referrer, expected) => {
    expect(classifyReferrer(referrer, site)).toBe(expected);
  });

  it("covers every class it declares", () => {
    const seen = new Set(cases.map(([, c]) => c));
    expect([...referrerClasses].sort()).toEqual([...seen].sort());
  });

  it("treats the site's port as part of its host", () => {
    expect(classifyReferrer("http://localhost:8080/features", "localhost:8080")).toBe("internal");
    expect(classifyReferrer("http://localhost:5173/", "localhost:8080")).toBe("external");
  });
});
