import { FooterLinks } from "./FooterLinks.js";

const legalLinks = [
  { href: "/legal", label: "Legal" },
  { href: "/privacy", label: "Privacy" },
  { href: "/terms", label: "Terms" },
] as const;

/** Footer of the agents column and drawer: the legal pages (tools spec §2). */
export function LegalFooter() {
  return <FooterLinks label="Legal" links={legalLinks} />;
}
