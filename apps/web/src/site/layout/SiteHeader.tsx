import { Logo } from "../../lib/Logo.js";
import { isCurrent, mainNav } from "./nav-links.js";

function NavLinks({ path, className }: { path: string; className: string }) {
  return (
    <ul className={className}>
      {mainNav.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            className="nav-link"
            aria-current={isCurrent(link.href, path) ? "page" : undefined}
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The one navigation of the website. On phones the links fold into a disclosure (a <details>
 * element), so the menu opens without any script.
 */
export function SiteHeader({ path }: { path: string }) {
  return (
    <header className="border-b border-border bg-surface/95">
      <nav
        aria-label="Main"
        className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <a
          href="/"
          aria-label="A2A Chat home"
          className="flex items-center text-neutral-100 no-underline"
        >
          <Logo />
        </a>
        <NavLinks path={path} className="hidden items-center gap-6 text-sm md:flex" />
        <div className="flex items-center gap-3">
          <a href="/chat" className="button-primary hidden sm:inline-flex">
            Open chat
          </a>
          <details className="menu md:hidden">
            <summary aria-label="Menu" className="menu-button">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
              </svg>
            </summary>
            <div className="menu-panel">
              <NavLinks path={path} className="flex flex-col gap-1 text-base" />
              <a href="/chat" className="button-primary mt-3 justify-center">
                Open chat
              </a>
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}
