import type { ReactNode } from "react";
import { contentKeyMeta } from "../client/analytics/content-key.js";
import { MetaTags } from "../seo/MetaTags.js";
import type { PageMeta } from "../seo/page-meta.js";
import { useSite } from "../settings.js";

/**
 * The whole HTML document of a website page. Its one script (the site script: error toast, and
 * later the analytics tracker) is a module, so the page is complete and readable before it runs.
 */
export function Document({
  meta,
  markdownPath,
  contentKey,
  children,
}: {
  meta: PageMeta;
  /** The page's content key, which the analytics tracker reads. */
  contentKey?: string;
  /** The page's markdown version, announced as an alternate. */
  markdownPath?: string;
  children: ReactNode;
}) {
  const { assets } = useSite();
  return (
    <html lang="en" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
         * The stylesheet is in the page itself (about 5 KB compressed): the first paint does not
         * wait for a second request, which on a slowed CPU or a mobile network cost more than
         * the bytes (issue 41). Styles may be inline under the site's CSP.
         */}
        {assets.inlineCss !== undefined ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user content
          <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />
        ) : null}
        <meta name="color-scheme" content="dark" />
        <meta name="theme-color" content="#0a0a0a" />
        <MetaTags meta={meta} />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {markdownPath && <link rel="alternate" type="text/markdown" href={markdownPath} />}
        {contentKey && <meta name={contentKeyMeta} content={contentKey} />}
        {(assets.inlineCss !== undefined ? [] : assets.css).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
        {assets.js.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </body>
    </html>
  );
}
