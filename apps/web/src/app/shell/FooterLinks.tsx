/** One link of a column footer. */
export interface FooterLink {
  href: string;
  label: string;
}

const linkClass =
  "rounded-sm text-neutral-400 transition-colors duration-150 hover:text-primary-400";

/**
 * A column footer: a labelled row of links. Plain anchors (full page loads): the legal pages
 * belong to the website and the registries are JSON documents, neither part of the chat app.
 */
export function FooterLinks({
  label,
  links,
  newTab = false,
}: {
  label: string;
  links: readonly FooterLink[];
  /** Open each link in a new tab (safely: no opener, no referrer). */
  newTab?: boolean;
}) {
  return (
    <footer className="shrink-0 border-t border-border px-4 py-3">
      <nav aria-label={label}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {links.map(({ href, label: text }) => (
            <li key={href}>
              <a
                href={href}
                className={linkClass}
                {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              >
                {text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
