import { useSite } from "../settings.js";

interface FooterLink {
  href: string;
  label: string;
}

function Column({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-neutral-100">{title}</h2>
      <ul className="flex flex-col gap-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="footer-link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The one footer of the website: product, docs, company and legal links, community and e-mail. */
export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="mt-auto border-t border-border bg-surface-raised/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <Column
          title="Product"
          links={[
            { href: "/features", label: "Features" },
            { href: "/pricing", label: "Pricing" },
            { href: "/chat", label: "Open chat" },
            { href: "/documentation/default-integrations", label: "Integrations" },
          ]}
        />
        <Column
          title="Docs"
          links={[
            { href: "/docs", label: "All documentation" },
            { href: "/docs/getting-started", label: "Getting started" },
            { href: "/docs/api-reference", label: "API reference" },
            { href: "/documentation", label: "Mission" },
          ]}
        />
        <Column
          title="Company"
          links={[
            { href: "/about", label: "About" },
            { href: "/contact", label: "Contact" },
            { href: site.communityUrl, label: "Community chat" },
            { href: `mailto:${site.supportEmail}`, label: site.supportEmail },
          ]}
        />
        <Column
          title="Legal"
          links={[
            { href: "/legal", label: "Legal" },
            { href: "/privacy", label: "Privacy" },
            { href: "/terms", label: "Terms" },
            { href: "/sitemap.xml", label: "Sitemap" },
          ]}
        />
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-border px-4 py-5 text-sm text-neutral-400 sm:px-6">
        <p>A2A Chat · MIT licensed · community driven</p>
        <ul aria-label="Social links" className="flex flex-wrap gap-4">
          {site.socialLinks.map((link) => (
            <li key={link.url}>
              <a href={link.url} className="footer-link" rel="me noopener">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
