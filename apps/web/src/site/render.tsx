import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { ApplicationError } from "./errors/ApplicationError.js";
import { describeFailure, type RenderFailure } from "./errors/render-failure.js";
import { Document } from "./layout/Document.js";
import { SiteLayout } from "./layout/SiteLayout.js";
import { type SiteSettings, SiteSettingsProvider } from "./settings.js";
import type { SitePage } from "./site-page.js";

/** A page rendered to HTML, and the failure its error page stands in for, if any. */
export interface RenderedPage {
  html: string;
  failure: RenderFailure | null;
}

/**
 * Renders a tree to complete HTML with react-dom/static: it waits for everything, so the
 * document is whole before it is written. Rejects with the error and its component stack.
 */
export async function renderToHtml(tree: ReactNode): Promise<string> {
  let componentStack: string | null | undefined;
  try {
    const { prelude } = await prerender(tree, {
      onError(_error, info) {
        componentStack ??= info?.componentStack;
      },
    });
    return await new Response(prelude).text();
  } catch (error) {
    throw new PageRenderError(describeFailure(error, componentStack));
  }
}

/** A failed render with its description. */
export class PageRenderError extends Error {
  override name = "PageRenderError";
  constructor(readonly failure: RenderFailure) {
    super(failure.message);
  }
}

function framed(site: SiteSettings, page: SitePage, body: ReactNode): ReactNode {
  return (
    <SiteSettingsProvider value={site}>
      <Document
        meta={page.meta}
        markdownPath={page.markdown ? `${page.path}.md` : undefined}
        contentKey={page.contentKey}
      >
        {body}
      </Document>
    </SiteSettingsProvider>
  );
}

/**
 * Renders one page inside the site's frame. This is the website's root error boundary: when the
 * page throws, its own error page (documentation pages) is rendered in the frame instead, and
 * when that or the frame fails too, 'Application Error' with the details, component stack and
 * stack trace. React's class boundaries do not run while rendering to static HTML, so the
 * boundary catches here.
 */
export async function renderPage(site: SiteSettings, page: SitePage): Promise<RenderedPage> {
  try {
    const html = await renderToHtml(
      framed(site, page, <SiteLayout path={page.path}>{page.content()}</SiteLayout>),
    );
    return { html, failure: null };
  } catch (error) {
    const failure =
      error instanceof PageRenderError ? error.failure : describeFailure(error, undefined);
    if (page.errorPage) {
      try {
        const html = await renderToHtml(
          framed(site, page, <SiteLayout path={page.path}>{page.errorPage(failure)}</SiteLayout>),
        );
        return { html, failure };
      } catch {
        // The frame itself fails: fall through to the root page.
      }
    }
    const html = await renderToHtml(
      framed(
        site,
        { ...page, meta: { ...page.meta, noindex: true } },
        <ApplicationError failure={failure} />,
      ),
    );
    return { html, failure };
  }
}
