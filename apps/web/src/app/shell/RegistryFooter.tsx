import { FooterLinks } from "./FooterLinks.js";

const registryLinks = [
  { href: "/api/v1/agents/registry", label: "Agent Registry" },
  { href: "/api/v1/mcp/registry", label: "Tool Registry" },
  { href: "/sitemap.xml", label: "Sitemap" },
] as const;

/** Footer of the tools column and drawer: the registries and the sitemap, in a new tab. */
export function RegistryFooter() {
  return <FooterLinks label="Registries" links={registryLinks} newTab />;
}
