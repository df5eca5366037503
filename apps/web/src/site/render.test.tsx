// @vitest-environment node
import { describe, expect, it } from "vitest";
import { applicationErrorTitle } from "./errors/ApplicationError.js";
import { DocErrorPage } from "./errors/DocErrorPage.js";
import { renderPage } from "./render.js";
import type { SiteSettings } from "./settings.js";
import type { SitePage } from "./site-page.js";

const site: SiteSettings = {
  origin: "https://chat.example.com",
  supportEmail: "help@example.com",
  privacyEmail: "dpo@example.com",
  communityUrl: "https://chat.example.com/community",
  socialLinks: [{ label: "GitHub", url: "https://github.com/example" }],
  assets: { css: ["/assets/site.css"], js: ["/assets/site.js"] },
};

function Exploding(): never {
  throw new Error("The table has no rows");
}

function pageWith(content: SitePage["content"], errorPage?: SitePage["errorPage"]): SitePage {
  return {
    path: "/docs/broken",
    meta: { title: "Broken", description: "A page that throws.", path: "/docs/broken", jsonLd: [] },
    content,
    errorPage,
    inSitemap: true,
  };
}

describe("the website's root error boundary", () => {
  it("renders a working page completely, with its script at the end", async () => {
    const { html, failure } = await renderPage(
      site,
      pageWith(() => <p>All good</p>),
    );
    expect(failure).toBeNull();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<p>All good</p>");
    expect(html).toMatch(
      /<script type="module" src="\/assets\/site.js"><\/script><\/body><\/html>$/,
    );
  });

  it("puts the built stylesheet in the head instead of linking it, when it is given inline", async () => {
    const linked = await renderPage(
      site,
      pageWith(() => <p>Styled</p>),
    );
    expect(linked.html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    const inline = await renderPage(
      { ...site, assets: { ...site.assets, inlineCss: "body{color:red}" } },
      pageWith(() => <p>Styled</p>),
    );
    expect(inline.html).toContain("<style>body{color:red}</style>");
    expect(inline.html).not.toContain('rel="stylesheet"');
    expect(inline.html.indexOf("<style>")).toBeLessThan(inline.html.indexOf("</head>"));
  });

  it("shows 'Application Error' with details, component stack, stack trace and Reload Page", async () => {
    const { html, failure } = await renderPage(
      site,
      pageWith(() => <Exploding />),
    );
    expect(failure?.message).toBe("The table has no rows");
    expect(failure?.componentStack).toContain("Exploding");
    expect(html).toContain(
      `<h1 class="text-3xl font-bold text-primary-500">${applicationErrorTitle}</h1>`,
    );
    expect(html).toContain("The table has no rows");
    for (const summary of ["Details", "Component stack", "Stack trace"]) {
      expect(html).toContain(`<summary>${summary}</summary>`);
    }
    expect(html).toContain("at Exploding");
    expect(html).toMatch(/<button type="submit"[^>]*>Reload Page<\/button>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("gives a documentation page its own error page inside the site's frame", async () => {
    const { html, failure } = await renderPage(
      site,
      pageWith(
        () => <Exploding />,
        (caught) => <DocErrorPage title="Broken" failure={caught} />,
      ),
    );
    expect(failure?.message).toBe("The table has no rows");
    expect(html).toContain("This page could not be shown");
    expect(html).toContain("“Broken” failed to render: The table has no rows");
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toContain(applicationErrorTitle);
  });
});
