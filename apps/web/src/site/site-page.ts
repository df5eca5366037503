import type { ReactNode } from "react";
import type { RenderFailure } from "./errors/render-failure.js";
import type { PageMeta } from "./seo/page-meta.js";

/** One page of the website, as the build renders it. */
export interface SitePage {
  /** Route, such as `/docs/agents`; also where the file is written. */
  path: string;
  meta: PageMeta;
  /** The page's content inside the site's navigation and footer. */
  content: () => ReactNode;
  /** Listed in /sitemap.xml (error pages are not). */
  inSitemap: boolean;
  /** The HTTP status the server answers with (200 unless said). */
  status?: number;
  /** Content key, the page's analytics content_id; pages without one send no analytics. */
  contentKey?: string;
  /** Markdown version of a documentation page, written to `<path>.md`. */
  markdown?: string;
  /** The page's own error page (documentation pages), shown inside the site's frame. */
  errorPage?: (failure: RenderFailure) => ReactNode;
}
