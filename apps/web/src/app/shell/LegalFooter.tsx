const legalLinks = [
  { href: "/legal", label: "Legal" },
  { href: "/privacy", label: "Privacy" },
  { href: "/terms", label: "Terms" },
] as const;

const linkClass =
  "rounded-sm text-neutral-400 transition-colors duration-150 hover:text-primary-400";

/** Footer of the agents column and drawer: the legal pages (tools spec §2). */
export function LegalFooter() {
  return (
    <footer className="shrink-0 border-t border-border px-4 py-3">
      <nav aria-label="Legal">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {legalLinks.map(({ href, label }) => (
            <li key={href}>
              {/* Full page loads: these pages belong to the website, not the chat app. */}
              <a href={href} className={linkClass}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
