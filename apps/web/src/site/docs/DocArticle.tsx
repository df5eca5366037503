import { renderMarkdownTree } from "../../lib/markdown.js";
import { type Doc, markdownPathOf, type TocEntry } from "./doc.js";
import { type DocSection, neighbours } from "./navigation.js";
import { ShareLinks } from "./ShareLinks.js";

/** Pages with at least this many sections get a table of contents. */
export const tocMinimumEntries = 3;

/** Formats an ISO date as 'April 4, 2024'. */
export function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

function Sidebar({ sections, path }: { sections: readonly DocSection[]; path: string }) {
  return (
    <nav aria-label="Documentation" className="docs-sidebar">
      {sections.map((section) => (
        <div key={section.title} className="mb-5">
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-neutral-400 uppercase">
            {section.title}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {section.docs.map((doc) => (
              <li key={doc.path}>
                <a
                  href={doc.path}
                  className="sidebar-link"
                  aria-current={doc.path === path ? "page" : undefined}
                >
                  {doc.meta.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function TableOfContents({ toc }: { toc: readonly TocEntry[] }) {
  return (
    <nav aria-label="On this page" className="toc">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-neutral-400 uppercase">
        On this page
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? "pl-3" : undefined}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A documentation page: title, description, date and author, the body, previous/next links, in
 * a width-limited column between the documentation's navigation and the page's contents.
 */
export function DocArticle({ doc, sections }: { doc: Doc; sections: readonly DocSection[] }) {
  const { previous, next } = neighbours(sections, doc.path);
  const longPage = doc.toc.length >= tocMinimumEntries;
  return (
    <div className="docs-grid mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <details className="docs-menu lg:hidden">
        <summary>Documentation menu</summary>
        <Sidebar sections={sections} path={doc.path} />
      </details>
      <div className="hidden lg:block">
        <Sidebar sections={sections} path={doc.path} />
      </div>
      <article className="min-w-0">
        <header className="mb-8 border-b border-border pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.meta.title}</h1>
          {doc.meta.description && (
            <p className="mt-3 text-lg text-neutral-300">{doc.meta.description}</p>
          )}
          <p className="mt-3 text-sm text-neutral-400">
            <time dateTime={doc.meta.date}>{formatDate(doc.meta.date)}</time> · {doc.meta.author} ·{" "}
            <a className="text-link" href={markdownPathOf(doc.path)}>
              Markdown
            </a>
          </p>
        </header>
        {longPage && (
          <details className="toc-inline mb-6 xl:hidden">
            <summary>On this page</summary>
            <TableOfContents toc={doc.toc} />
          </details>
        )}
        <div className="prose">{renderMarkdownTree(doc.tree)}</div>
        <ShareLinks path={doc.path} title={doc.meta.title} />
        <nav aria-label="Previous and next" className="pager">
          {previous ? (
            <a href={previous.path} rel="prev">
              <span>Previous</span>
              {previous.meta.title}
            </a>
          ) : (
            <span />
          )}
          {next && (
            <a href={next.path} rel="next" className="text-right">
              <span>Next</span>
              {next.meta.title}
            </a>
          )}
        </nav>
      </article>
      {longPage && (
        <aside className="hidden xl:block">
          <TableOfContents toc={doc.toc} />
        </aside>
      )}
    </div>
  );
}
