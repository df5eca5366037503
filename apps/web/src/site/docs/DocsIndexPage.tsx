import { PageHero } from "../pages/parts.js";
import type { DocSection } from "./navigation.js";

/** /docs: every documentation page, by section. */
export function DocsIndexPage({ sections }: { sections: readonly DocSection[] }) {
  return (
    <>
      <PageHero eyebrow="Documentation" title="Documentation">
        <p>
          How to run A2A Chat yourself, how to use the app and its tool servers, and every page in
          between. Each page is also available as markdown, and the whole set is listed in{" "}
          <a href="/llms.txt">/llms.txt</a>.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 md:grid-cols-2">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="mb-4 text-xl font-semibold">{section.title}</h2>
            <ul className="flex flex-col gap-3">
              {section.docs.map((doc) => (
                <li key={doc.path}>
                  <a href={doc.path} className="font-medium">
                    {doc.meta.title}
                  </a>
                  <p className="text-sm text-neutral-400">{doc.meta.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
