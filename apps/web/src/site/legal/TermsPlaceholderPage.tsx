/** /terms: a placeholder (tools spec §2) that points to the current terms. */
export function TermsPlaceholderPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms</h1>
      <p className="mt-4 text-lg text-neutral-300">Content is coming soon.</p>
      <p className="mt-4 text-neutral-300">
        Until then, the <a href="/legal/terms-of-service">Terms of Service</a> apply.
      </p>
    </div>
  );
}
