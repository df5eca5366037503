/** The four legal texts listed at /legal. */
export const legalTexts = [
  {
    href: "/legal/terms-of-service",
    title: "Terms of Service",
    summary: "The rules for using A2A Chat and its app.",
  },
  {
    href: "/legal/privacy-policy",
    title: "Privacy Policy",
    summary: "What we collect, why, and your rights.",
  },
  {
    href: "/legal/cookie-policy",
    title: "Cookie Policy",
    summary: "The little we store in your browser.",
  },
  {
    href: "/legal/refund-policy",
    title: "Refund Policy",
    summary: "Trials, cancellations and refunds through the app stores.",
  },
] as const;

/** /legal: the index of the legal texts. */
export function LegalIndexPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Legal</h1>
      <p className="mt-2 text-sm text-neutral-400">Last updated: April 4, 2024</p>
      <ul className="mt-8 flex flex-col gap-4">
        {legalTexts.map((text) => (
          <li key={text.href} className="card">
            <a href={text.href} className="text-lg font-semibold">
              {text.title}
            </a>
            <p className="mt-1 text-sm text-neutral-300">{text.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
