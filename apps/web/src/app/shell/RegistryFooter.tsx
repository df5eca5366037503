const registryLinks = [
  { href: "/api/v1/agents/registry", label: "Agent Registry" },
  { href: "/api/v1/mcp/registry", label: "Tool Registry" },
  { href: "/sitemap.xml", label: "Sitemap" },
] as const;

const linkClass =
  "rounded-sm text-neutral-400 transition-colors duration-150 hover:text-primary-400";

/** Footer of the tools column and drawer: the registries and the sitemap, in a new tab. */
export function RegistryFooter() {
  return (
    <footer className="shrink-0 border-t border-border px-4 py-3">
      <nav aria-label="Registries">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {registryLinks.map(({ href, label }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
