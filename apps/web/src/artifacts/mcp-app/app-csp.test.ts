import { describe, expect, it } from "vitest";
import { allowedOrigins, appContentSecurityPolicy, withContentSecurityPolicy } from "./app-csp.js";

const site = "https://chat.example.com";

describe("appContentSecurityPolicy", () => {
  it("denies everything but inline code when the resource declares nothing", () => {
    const policy = appContentSecurityPolicy(undefined, site);
    expect(policy).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; " +
        "img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; " +
        "frame-src 'none'; base-uri 'none'; object-src 'none'; form-action 'none'",
    );
    expect(policy).not.toContain("'self'");
  });

  it("grants each declared origin to its own directives only", () => {
    const policy = appContentSecurityPolicy(
      {
        connectDomains: ["https://api.weather.com", "wss://live.example.org"],
        resourceDomains: ["https://*.cdn.example"],
        frameDomains: ["https://www.youtube.com"],
      },
      site,
    );
    expect(policy).toContain("connect-src https://api.weather.com wss://live.example.org;");
    expect(policy).toContain("script-src 'unsafe-inline' https://*.cdn.example;");
    expect(policy).toContain("img-src data: blob: https://*.cdn.example;");
    expect(policy).toContain("frame-src https://www.youtube.com;");
    expect(policy).toContain("base-uri 'none'");
  });
});

describe("allowedOrigins", () => {
  it("drops this site's origin, keywords, paths and injected directives", () => {
    expect(
      allowedOrigins(
        [
          site,
          "wss://chat.example.com",
          "'unsafe-eval'",
          "*",
          "https://a.example/path",
          "https://b.example; script-src *",
          "https://ok.example/",
          42,
        ],
        site,
      ),
    ).toEqual(["https://ok.example"]);
    expect(allowedOrigins("https://x.example", site)).toEqual([]);
  });
});

describe("withContentSecurityPolicy", () => {
  it("puts the policy first in the head, before the document's own scripts", () => {
    const html = withContentSecurityPolicy(
      "<!DOCTYPE html><html><head><script>1</script></head><body>hi</body></html>",
      "default-src 'none'",
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    const first = doc.head.firstElementChild;
    expect(first?.tagName).toBe("META");
    expect(first?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(first?.getAttribute("content")).toBe("default-src 'none'");
    expect(doc.body.textContent).toBe("hi");
  });
});
