/** The website's main navigation, in order. */
export const mainNav = [
  { href: "/features", label: "Features" },
  { href: "/pricing", label: "Pricing" },
  { href: "/docs", label: "Docs" },
  { href: "/about", label: "About" },
] as const;

/** Whether a navigation entry is the current page or one of its sections. */
export function isCurrent(href: string, path: string): boolean {
  if (href === "/docs")
    return (
      path === "/docs" ||
      path.startsWith("/docs/") ||
      path.startsWith("/documentation") ||
      path === "/introduction" ||
      path === "/getting-started"
    );
  return path === href || path.startsWith(`${href}/`);
}
